import { notifications } from '@mantine/notifications';

/** Booking toasts close after 5 seconds (spec 02 §9). */
const TOAST_MS = 5000;

export function toastSuccess(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', autoClose: TOAST_MS });
}

export function toastError(title: string, message?: string): void {
  notifications.show({ color: 'red', title, message: message ?? '', autoClose: TOAST_MS });
}

export function toastInfo(title: string, message?: string): void {
  notifications.show({ color: 'blue', title, message: message ?? '', autoClose: TOAST_MS });
}

export function errorText(error: unknown, fallback = 'Unknown error'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
