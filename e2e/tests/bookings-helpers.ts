import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './helpers.ts';

export const OWNER = 'owner@demo.local';

export interface Api {
  token: string;
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data: unknown) => Promise<T>;
  put: <T>(path: string, data: unknown) => Promise<T>;
}

export async function ownerApi(request: APIRequestContext): Promise<Api> {
  const { token } = await apiToken(request, OWNER);
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    async get<T>(path: string) {
      const res = await request.get(path, { headers });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown) {
      const res = await request.post(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
    async put<T>(path: string, data: unknown) {
      const res = await request.put(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
  };
}

/** A resource of its own for this run, so columns and conflicts are predictable. */
export async function createResource(api: Api, name: string): Promise<{ id: string; name: string }> {
  const body = await api.post<{ id: string; name: string } | { resource: { id: string; name: string } }>(
    '/api/resources',
    {
      name,
      type: 'hall',
      capacity: 200,
    },
  );
  return 'resource' in body ? body.resource : body;
}

/** yyyy-MM-dd, `days` after today in the venue's zone (Australia/Sydney, the demo tenant's). */
export function venueDay(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export interface CreatedBooking {
  id: string;
  bookingCode: string;
  customerId: string | null;
  calculatedPriceCents: number;
}

export async function createBooking(
  api: Api,
  input: {
    resourceId: string;
    date: string;
    start: string;
    end: string;
    name: string;
    email: string;
    price?: number;
  },
): Promise<CreatedBooking> {
  const body = await api.post<{ booking: CreatedBooking } | CreatedBooking>('/api/bookings/admin', {
    customerName: input.name,
    customerEmail: input.email,
    customerPhone: '+61 412 345 678',
    eventType: 'Wedding',
    selectedHall: input.resourceId,
    resourceId: input.resourceId,
    bookingDate: input.date,
    startTime: input.start,
    endTime: input.end,
    estimatedPrice: input.price ?? 400,
    guestCount: 50,
    status: 'pending',
  });
  return 'booking' in body ? body.booking : body;
}
