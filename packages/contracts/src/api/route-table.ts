/**
 * The API route tables: one entry per call of a service, with the zod schemas of its path
 * parameters, query, body and answers. The OpenAPI document (openapi.ts) is built from these
 * tables, services parse with the same request schemas, and mfes infer their types from the
 * same answer schemas, so the three cannot drift apart.
 */
import type { z } from 'zod';
import type { ServiceName } from '../services.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiResponse {
  description: string;
  /** The JSON answer; absent for a file (see `contentType`) or an empty answer. */
  schema?: z.ZodType;
  /** A non-JSON answer (`text/csv`, `application/pdf`, `text/calendar`, `image/*`). */
  contentType?: string;
}

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form, `/api/bookings/{id}`. */
  path: string;
  service: ServiceName;
  /** Group in the reference (OpenAPI tag). */
  tag: string;
  summary: string;
  description?: string;
  /**
   * Who may call it: `public` (no sign-in; a visitor of a venue under `/api/public/venues/{slug}/…`),
   * `customer` (a venue's signed-in customer, `/api/portal/…`; decision 56), `signed-in` (any
   * staff principal), a page permission key (`bookings`), `owner` (the hall owner only) or
   * `super-admin`.
   */
  access: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** `multipart/form-data` for uploads; default JSON. */
  bodyType?: 'json' | 'multipart' | 'text/calendar';
  /** Success and the refusals the call makes itself (the shared ones are added by the builder). */
  responses: Record<number, ApiResponse>;
  /** The specification's call this route serves (`01 §7`), when it is one. */
  spec?: string;
}

/** One table per service or area; the builder takes a list, so adding an area is one line. */
export type RouteTable = readonly ApiRoute[];
