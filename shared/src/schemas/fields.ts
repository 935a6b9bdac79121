import { z } from 'zod';
import { LIMITS, MAX_ID } from '../constants.js';

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

/** An address, trimmed and lowercased before it is checked (a preprocess, so that the OpenAPI document says `format: email`). */
export const emailField = (message = 'Valid email required') =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.email({ error: message }));

/**
 * Only http(s) links are ever stored: a javascript: URL must never reach an href. The pattern says so in the OpenAPI
 * document, where it would otherwise replace the URL's format (zod keeps one format per string).
 */
export const httpUrl = (message = 'Must be an http(s) URL') =>
  z.url({ protocol: /^https?$/, error: message }).trim().regex(/^https?:\/\//i, { error: message }).meta({ format: 'uri' });

export const idParam = z.coerce.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' })
  .max(MAX_ID, { error: 'Invalid id' });

/**
 * An update whose fields are all optional must still name one: `{}`, or a body of unknown fields only (which are
 * dropped), changes nothing and is refused with the fields it could have named.
 */
export const someChange = <T extends z.ZodObject>(schema: T) => {
  const fields = Object.keys(schema.shape);
  return schema.refine((update: Record<string, unknown>) => fields.some((field) => update[field] !== undefined), {
    error: `Nothing to change: send ${new Intl.ListFormat('en', { type: 'disjunction' }).format(fields)}`,
  }).meta({ anyOf: fields.map((field) => ({ required: [field] })) }); // the same rule for the OpenAPI document
};

export const paginationQuery = z.object({
  limit: z.coerce.number({ error: `limit must be 1 to ${LIMITS.pageSizeMax}` }).int().min(1, { error: `limit must be 1 to ${LIMITS.pageSizeMax}` })
    .max(LIMITS.pageSizeMax, { error: `limit must be 1 to ${LIMITS.pageSizeMax}` }).optional(),
  offset: z.coerce.number({ error: 'offset must be 0 or more' }).int().min(0, { error: 'offset must be 0 or more' }).optional(),
});

export const isoDate = z.string().describe('ISO 8601 date in UTC');
