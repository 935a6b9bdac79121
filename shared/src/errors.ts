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
  rangeNotSatisfiable: 'range_not_satisfiable',
  providerFailed: 'provider_failed',
  unavailable: 'unavailable',
  editConflict: 'edit_conflict',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  issues?: { path: string; message: string }[];
}
