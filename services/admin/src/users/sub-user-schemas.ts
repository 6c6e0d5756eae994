// The sub-user and own-password bodies are the API contract's (contracts admin/requests.ts).
export {
  CURRENT_PASSWORD_INCORRECT,
  OWN_PASSWORD_REQUIRED,
  OWN_PASSWORD_TOO_SHORT,
  OWN_PASSWORD_UNCHANGED,
  OWN_PASSWORDS_DIFFER,
  SUB_USER_PASSWORD_REQUIRED,
  SUB_USER_PASSWORD_TOO_SHORT,
  changeOwnPasswordSchema,
  changeSubUserPasswordSchema,
  createSubUserSchema,
  updateSubUserSchema,
} from '@venue/contracts/admin';
