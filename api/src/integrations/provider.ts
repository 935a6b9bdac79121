import { ERROR_CODES } from '@redaktion/shared';
import { HttpError } from '../http/errors.js';

/** A provider failed (bad key, rate limit, timeout, a malformed reply): 502 with what the provider said. */
export const providerError = (provider: string, message: string) =>
  new HttpError(502, `${provider}: ${message}`, ERROR_CODES.providerFailed);

/** The origin of an overridable base URL, or the provider's own. */
export const originOf = (base: string | null, fallback: string): string => (base ? new URL(base).origin : fallback);
