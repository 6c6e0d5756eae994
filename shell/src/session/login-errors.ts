import { tooManySignInAttemptsMessage } from '@venue/contracts';

/**
 * Sign-in failure texts (spec 01 §8). The server answers `{message, code}`; the code decides
 * the text so wording stays consistent and never reveals whether an e-mail exists.
 */
export const LOGIN_ERROR_MESSAGES: Record<string, string> = {
  'user-not-found': "We couldn't find an account with that email address.",
  'wrong-password': 'That password is incorrect. Please try again.',
  'invalid-email': 'Please enter a valid email address.',
  'user-disabled': 'This account has been disabled. Please contact your administrator.',
  'too-many-requests': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'invalid-credential':
    "The email or password you entered doesn't match our records. Please check and try again.",
  'network-request-failed':
    "We couldn't reach the server. Please check your internet connection and try again.",
  'weak-password': 'That password is too weak. Please choose a stronger one.',
};

export const UNKNOWN_LOGIN_ERROR =
  'Something went wrong! Please try again or contact support if the issue persists.';
export const LOGIN_FAILED = 'Login failed';

export function loginErrorMessage(failure: {
  code?: string | null;
  message?: string | null;
  retryAfterSeconds?: number | null;
}): string {
  if (failure.code) {
    // Identity-provider style codes sometimes carry an "auth/" prefix.
    const code = failure.code.replace(/^auth\//, '');
    // The server's Retry-After says how long; the same words as the gateway and admin use.
    if (code === 'too-many-requests' && failure.retryAfterSeconds) {
      return tooManySignInAttemptsMessage(failure.retryAfterSeconds);
    }
    return LOGIN_ERROR_MESSAGES[code] ?? UNKNOWN_LOGIN_ERROR;
  }
  return failure.message?.trim() || LOGIN_FAILED;
}
