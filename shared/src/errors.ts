/**
 * Stable error codes sent beside the English `error` text (contract.md §7):
 * clients translate the codes they know and show `error` for the rest.
 */
export const ERROR_CODES = {
  validation: 'validation_failed',
  notAuthenticated: 'not_authenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  unsupportedType: 'unsupported_media_type',
  tooManyAttempts: 'too_many_attempts',
  notConfigured: 'not_configured',
  invalidCredentials: 'invalid_credentials',
  accountInactive: 'account_inactive',
  subscriptionRequired: 'subscription_required',
  invalidResetToken: 'invalid_reset_token',
  /** An e-mailed sign-in code that is wrong, used, ended or expired (contract §9 [revenue]). */
  invalidCode: 'invalid_code',
  /** Too many wrong codes for the address today: code sign-in waits for the next day (Stockholm). */
  codeLocked: 'code_locked',
  accountTaken: 'account_taken',
  /** Every gift link of the month is made (GIFT_LINKS_PER_MONTH): new ones next month (contract §9 [revenue]). */
  giftAllowanceUsed: 'gift_allowance_used',
  crossSiteRequest: 'cross_site_request',
  rangeNotSatisfiable: 'range_not_satisfiable',
  providerFailed: 'provider_failed',
  editConflict: 'edit_conflict',
  internal: 'internal_error',
  /** Too busy to answer in time, or the database is out of reach: try again (Retry-After). */
  unavailable: 'unavailable',
  /** Background work (an AI generation) did not finish within the call's wait; its job id comes with the answer. */
  stillRunning: 'still_running',
  /** The server's disk (or its database's) is full: nothing new can be stored until an operator makes room. */
  insufficientStorage: 'insufficient_storage',
  /** A method the path does not take (the answer's Allow names those it does). */
  methodNotAllowed: 'method_not_allowed',
} as const;

/** Messages of the answers above that the server words the same everywhere (the reader app translates their codes). */
export const ERROR_MESSAGES = {
  /** Registration does not tell which of the two is taken, so nobody learns who has an account. */
  accountTaken: 'Username or email already registered',
  crossSiteRequest: 'This request came from another site and was refused',
  emailNeedsPassword: 'Enter your current password to change your e-mail address',
  wrongCurrentPassword: 'Current password is incorrect',
  invalidCode: 'This code is wrong or no longer valid. Ask for a new one.',
  codeLocked: 'Too many wrong codes for this address today. Try again tomorrow, or sign in with your password.',
  /** An account without a password confirms with a code, one with a password by the password. */
  codeNeeded: 'Enter the code we e-mailed you',
  passwordNeeded: 'Enter your password',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  issues?: { path: string; message: string }[];
}
