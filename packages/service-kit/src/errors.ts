/** An error whose status and message are safe to show to the client as `{message, ...extra}`. */
export class HttpError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  readonly expose = true;

  constructor(status: number, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.extra = extra;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required', extra?: Record<string, unknown>) =>
  new HttpError(401, message, extra);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (message = 'Not found', extra?: Record<string, unknown>) =>
  new HttpError(404, message, extra);
/** 501: the endpoint exists and is guarded, but the feature is not built yet (never fake data). */
export const notImplemented = (message: string) => new HttpError(501, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(409, message, extra);

/** The spec's wording for a page the caller's role or permissions do not open. */
export const ACCESS_DENIED_MESSAGE =
  "Access Denied - You don't have permission to access this page. Contact your administrator for access.";
export const OWN_TENANT_ONLY_MESSAGE = 'You can only access your own hall data.';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please sign in again.';
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';
