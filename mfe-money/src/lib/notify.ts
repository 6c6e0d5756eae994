import { notifications } from '@mantine/notifications';

/** Toasts of the money screens close after 5 seconds, as the booking screens' do. */
const TOAST_MS = 5000;

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: TOAST_MS });
}

export function toastError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 8000 });
}

export function errorText(error: unknown, fallback = 'Unknown error'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
