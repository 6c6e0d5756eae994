import { notifications } from '@mantine/notifications';

/** Resources and pricing banners last 3 seconds (spec 03 §9). */
const SUCCESS_MS = 3000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: SUCCESS_MS });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 6000 });
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
