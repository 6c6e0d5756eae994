import { showToast } from '@venue/ui/notify';

export { errorText } from '@venue/ui/notify';

/** Booking toasts lead with a title, the detail below it, and close after 5 seconds (spec 02 §9). */
const TOAST_MS = 5000;

export const toastSuccess = (title: string, message?: string) =>
  showToast('success', { title, message, autoClose: TOAST_MS });
export const toastError = (title: string, message?: string) =>
  showToast('error', { title, message, autoClose: TOAST_MS });
export const toastInfo = (title: string, message?: string) =>
  showToast('info', { title, message, autoClose: TOAST_MS });
