/**
 * Form errors as a person meets them (issue 24 item 13): every field's message at once, beside
 * its field, and the first of them focused, whether the screen found them or the server did.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { ApiError } from './api-client.ts';

/**
 * The field messages of a 4xx answer (`errors: [{path, message}]`, the kit's shape), the first
 * message per field. A field is keyed by `keyOf` of its path's segments; by default the first
 * segment (`lines.0.amount` → `lines`), a form whose fields are deeper or named otherwise passes
 * its own. Empty when the failure names no field, so the caller shows its headline instead.
 */
export function fieldErrorsOf(
  error: unknown,
  keyOf: (path: string[]) => string = (path) => path[0] ?? '',
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return out;
  const errors = (error.body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return out;
  for (const e of errors as Array<{ path?: unknown; message?: unknown }>) {
    const path = Array.isArray(e?.path) ? e.path.map(String) : String(e?.path ?? '').split('.');
    const field = keyOf(path);
    // Own properties only: a field named like one of Object's (`constructor`) is a field too.
    if (field && typeof e.message === 'string' && e.message.trim() && !Object.hasOwn(out, field))
      Object.defineProperty(out, field, {
        value: e.message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

const FIELD = 'input, select, textarea, button, [tabindex]';
// Mantine marks a field with an error aria-invalid, except its password input: data-invalid only.
const INVALID = '[aria-invalid="true"], input[data-invalid="true"], textarea[data-invalid="true"]';

/**
 * Focuses the first field inside `root` that says it is invalid (Mantine sets `aria-invalid`, or
 * `data-invalid`, on an input with an error), in the order the page shows them. Returns whether
 * one was found.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const first = root?.querySelector<HTMLElement>(INVALID);
  if (!first) return false;
  // A marked wrapper (a radio group's): the field is the control inside it.
  const control = first.matches(FIELD) ? first : (first.querySelector<HTMLElement>(FIELD) ?? first);
  control.focus();
  return true;
}

/**
 * After each submit that found errors (`attempt` grows with every submit), focuses the first
 * invalid field inside the returned ref's element once the messages are on screen.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLElement>(
  attempt: number,
): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(ref.current);
  }, [attempt]);
  return ref;
}
