import { notifications } from '@mantine/notifications';

/** E-mail toasts are titled Success or Error and close after 5 seconds (spec 02 §8, §9). */
const TOAST_MS = 5000;

export function toastSuccess(message: string, title = 'Success'): void {
  notifications.show({ color: 'green', title, message, autoClose: TOAST_MS });
}

export function toastError(message: string, title = 'Error'): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS });
}

export function errorText(error: unknown, fallback = 'Unknown error'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
