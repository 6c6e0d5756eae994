import { ApiError, serverMessage } from '@venue/ui';

/** The server's own `{message}` when it sent one, else the screen's fixed wording (spec 01 §8). */
export function messageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessage(error.body) ?? fallback;
  return fallback;
}

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
