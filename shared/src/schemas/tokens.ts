import { z } from 'zod';
import { isoDate, requiredText } from './fields.js';

/** Personal access tokens (contract.md §8): for the desktop app and for people scripting the API with curl. */

/** Every token starts with this, so that a leaked one is recognised by secret scanners and people alike. */
export const ACCESS_TOKEN_PREFIX = 'rdk_';

export const accessTokenCreateSchema = z.object({
  name: requiredText('Token name is required', 100).describe('What the token is for, e.g. "Desktop app on my laptop"'),
}).meta({ id: 'AccessTokenCreate' });

export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable().describe('The last call made with it (to the minute)'),
}).meta({ id: 'AccessToken' });

/** The one answer that carries the token itself: it is stored hashed and never shown again. */
export const createdAccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  token: z.string().describe(`Send it as "Authorization: Bearer <token>"; starts with ${ACCESS_TOKEN_PREFIX}`),
  createdAt: isoDate,
}).meta({ id: 'CreatedAccessToken' });

export type AccessTokenCreateInput = z.infer<typeof accessTokenCreateSchema>;
export type AccessToken = z.infer<typeof accessTokenSchema>;
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;
