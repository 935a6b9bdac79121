import { ERROR_CODES } from '@redaktion/shared';
import type { Answers } from '../http/endpoint.js';
import { HttpError } from '../errors.js';

/** A provider failed (bad key, rate limit, timeout, a malformed reply): 502 with what the provider said. */
export const providerError = (provider: string, message: string) =>
  new HttpError(502, `${provider}: ${message}`, ERROR_CODES.providerFailed);

/** What a call that needs `provider` may answer besides its own, for the reference. */
export const providerAnswers = (provider: string): Answers => ({
  502: { description: `${provider} failed or could not be reached (code provider_failed)` },
  503: { description: `${provider} is not configured (code not_configured)` },
});

/**
 * Runs a call through a provider's SDK: an error the SDK raised (as `describe` recognises it) becomes
 * a 502 with the provider's message; anything else is ours and passes on.
 */
export async function callProvider<T>(provider: string, describe: (error: unknown) => string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = describe(error);
    if (message !== null) throw providerError(provider, message);
    throw error;
  }
}

/** The origin of an overridable base URL, or the provider's own. */
export const originOf = (base: string | null, fallback: string): string => (base ? new URL(base).origin : fallback);
