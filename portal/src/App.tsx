/**
 * The customers' light app (decision 56): the public booking page of a venue and its customer
 * portal, one page bundle each (React.lazy), so a cold visit of /book/<slug> loads the booking
 * page's code only.
 */
import { lazy, Suspense, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Loading, NotFound } from './ui/states.tsx';

const BookPage = lazy(() => import('./book/BookPage.tsx'));
const VerifyPage = lazy(() => import('./book/VerifyPage.tsx'));
const MyBookings = lazy(() => import('./my/MyBookings.tsx'));
const MyBooking = lazy(() => import('./my/MyBooking.tsx'));
const MyQuotations = lazy(() => import('./my/MyQuotations.tsx'));
const MyInvoices = lazy(() => import('./my/MyInvoices.tsx'));
const SignInLink = lazy(() => import('./my/SignInLink.tsx'));

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // One retry of a failed read (a phone's connection drops for a moment); a refusal is final.
      queries: {
        retry: (n, error) => n < 1 && !isRefusal(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

function isRefusal(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The pages by path; the router and the query client come from around it. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading label="Loading…" />}>
      <Routes>
        <Route path="/book/:slug" element={<BookPage />} />
        <Route path="/book/:slug/verify" element={<VerifyPage />} />
        <Route path="/my" element={<MyBookings />} />
        <Route path="/my/sign-in" element={<SignInLink />} />
        <Route path="/my/bookings/:id" element={<MyBooking />} />
        <Route path="/my/quotations" element={<MyQuotations />} />
        <Route path="/my/invoices" element={<MyInvoices />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
