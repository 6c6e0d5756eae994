/**
 * Sign-in failures carry the identity-provider codes of spec 01 §8 so the login screen can
 * show its own wording; the messages here are the server's fallback text.
 */
export const SIGNIN_ERRORS = {
  'invalid-email': { status: 400, message: 'Please enter a valid email address.' },
  'invalid-credential': { status: 401, message: 'Invalid email or password.' },
  'user-disabled': {
    status: 403,
    message: 'Your account has been disabled. Please contact your administrator.',
  },
  'too-many-requests': {
    status: 429,
    message: 'Too many failed sign-in attempts. Please try again in a few minutes.',
  },
} as const;

export type SigninErrorCode = keyof typeof SIGNIN_ERRORS;

export function signinError(code: SigninErrorCode): {
  status: number;
  body: { code: SigninErrorCode; message: string };
} {
  const { status, message } = SIGNIN_ERRORS[code];
  return { status, body: { code, message } };
}

/** Refresh and logout answers when the session cannot continue. */
export { SESSION_ENDED_MESSAGE } from '@venue/contracts';
