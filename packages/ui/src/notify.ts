/**
 * Toasts, written once for every section (issue 28 item 4). Imported as `@venue/ui/notify`, not
 * from the kit's index: each app bundles this small module itself, and the messages go to the one
 * notifications store (`@mantine/notifications`, a shared singleton) that the shell's
 * <Notifications /> container shows. A section keeps only its spec's timings and default titles:
 * `export const { toastSuccess, toastError } = createToasts({ successMs: 5000 })`.
 */
import { notifications } from '@mantine/notifications';

export type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = { success: 'green', error: 'red', info: 'blue' };

export interface ToastOptions {
  title?: string;
  message?: string;
  /** Milliseconds before it closes. */
  autoClose: number;
}

/** One toast: green for success, red for an error, blue for information. */
export function showToast(kind: ToastKind, { title, message, autoClose }: ToastOptions): void {
  notifications.show({ color: COLORS[kind], title, message: message ?? '', autoClose });
}

export interface ToastDefaults {
  /** How long a success toast stays, in milliseconds. */
  successMs: number;
  /** How long an error toast stays; the success time without it. */
  errorMs?: number;
  /** How long an information toast stays; the success time without it. */
  infoMs?: number;
  /** The title of a success toast given none (comms: "Success"); none without it. */
  successTitle?: string;
  /** The title of an error toast given none (comms: "Error"); none without it. */
  errorTitle?: string;
}

export type Toaster = (message: string, title?: string) => void;

/** A section's toasts: the message first, then an optional title (the section's default if any). */
export function createToasts({
  successMs,
  errorMs = successMs,
  infoMs = successMs,
  successTitle,
  errorTitle,
}: ToastDefaults): {
  toastSuccess: Toaster;
  toastError: Toaster;
  toastInfo: Toaster;
} {
  return {
    toastSuccess: (message, title = successTitle) =>
      showToast('success', { title, message, autoClose: successMs }),
    toastError: (message, title = errorTitle) => showToast('error', { title, message, autoClose: errorMs }),
    toastInfo: (message, title) => showToast('info', { title, message, autoClose: infoMs }),
  };
}

/** An error's own message, or the fallback when it has none. */
export function errorText(error: unknown, fallback = 'Unknown error'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
