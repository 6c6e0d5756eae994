import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { LoginPage } from './LoginPage.tsx';

/** An access token as the browser reads it (claims only; the server verifies signatures). */
function token(claims: Record<string, unknown>): string {
  const part = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** The login page at /login of a browser with no session; /Dashboard says it was reached. */
function renderLogin() {
  server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ authenticated: false })));
  return renderWithProviders(
    <SessionProvider>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/Dashboard" element={<p>Dashboard reached</p>} />
      </Routes>
    </SessionProvider>,
    { route: '/login' },
  );
}

async function signIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password', { exact: false, selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  test('wrong credentials show the spec 01 §8 text, without saying whether the e-mail exists', async () => {
    const logins = captureRequests(
      'post',
      '/api/login',
      () => new Response(JSON.stringify({ code: 'invalid-credential', message: 'Invalid' }), { status: 401 }),
    );
    const { user } = renderLogin();
    await signIn(user, '  owner@example.com ', 'not-it');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The email or password you entered doesn't match our records. Please check and try again.",
    );
    expect(logins.map((l) => l.body)).toEqual([{ email: 'owner@example.com', password: 'not-it' }]);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('throttled sign-in says how long to wait, from Retry-After', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ code: 'too-many-requests' }, { status: 429, headers: { 'Retry-After': '120' } }),
      ),
    );
    const { user } = renderLogin();
    await signIn(user, 'owner@example.com', 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 2 minutes.',
    );
  });

  test('a good sign-in loads the profile and settings and opens the Dashboard', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json({ token: token({ sub: 'u-1', role: 'hall_owner' }), role: 'hall_owner' }),
      ),
      http.get('/api/users/profile', () =>
        HttpResponse.json({ id: 'u-1', role: 'hall_owner', permissions: [], hallName: 'Riverside Hall' }),
      ),
      http.get('/api/users/settings', () => HttpResponse.json({ dateFormat: 'DD/MM/YYYY' })),
    );
    const { user } = renderLogin();
    await signIn(user, 'owner@example.com', 'correct horse battery staple');
    expect(await screen.findByText('Dashboard reached')).toBeVisible();
  });
});
