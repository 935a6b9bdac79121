import { z } from 'zod';
import { LIMITS } from '../constants.js';

/**
 * Field builders that carry the spec's messages. A missing field and a blank one
 * give the same message (contract.md §5), so the type error and the empty check share it.
 */
export function requiredText(message: string, max = 10_000) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `At most ${max} characters` });
}

export function optionalText(max = 10_000) {
  return z.string().trim().max(max, { error: `At most ${max} characters` }).optional();
}

export const emailField = (message = 'Valid email required') =>
  z.string({ error: message }).trim().toLowerCase().pipe(z.email({ error: message }));

/** Only http(s) links are ever stored: a javascript: URL must never reach an href. */
export const httpUrl = (message = 'Must be an http(s) URL') =>
  z.string({ error: message }).trim().refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, { error: message });

export const idParam = z.coerce.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' });

export const paginationQuery = z.object({
  limit: z.coerce.number({ error: `limit must be 1 to ${LIMITS.pageSizeMax}` }).int().min(1, { error: `limit must be 1 to ${LIMITS.pageSizeMax}` })
    .max(LIMITS.pageSizeMax, { error: `limit must be 1 to ${LIMITS.pageSizeMax}` }).optional(),
  offset: z.coerce.number({ error: 'offset must be 0 or more' }).int().min(0, { error: 'offset must be 0 or more' }).optional(),
});

export const isoDate = z.string().describe('ISO 8601 date in UTC');
