import { HttpResponse } from 'msw';

/**
 * The answer a service gives when a body breaks its contract (issue 24 item 13): 400, a headline,
 * and each named field's problem (`errors: [{path: [field], message}]`). The headline is the
 * first field's problem unless given, as the services word it.
 */
export function fieldRefusal(
  fields: Record<string, string>,
  headline?: string,
  init: ResponseInit = {},
): Response {
  const errors = Object.entries(fields).map(([field, message]) => ({ path: [field], message }));
  return HttpResponse.json({ message: headline ?? errors[0]?.message, errors }, { status: 400, ...init });
}

/**
 * A server answer held back until the test lets it go, to see the screen while it waits
 * ("Sending…", a disabled button): the handler awaits `held`, the test calls `release()`.
 */
export function holdAnswer(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
