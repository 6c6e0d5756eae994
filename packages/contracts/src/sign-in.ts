/**
 * What a 429 on sign-in tells the person (gateway and admin alike): when to try again, from the
 * `Retry-After` seconds, and nothing about whether the e-mail exists.
 */
export function tooManySignInAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const when =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many sign-in attempts. Try again in ${when}.`;
}
