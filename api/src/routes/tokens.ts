import { accessTokenCreateSchema, accessTokenSchema, createdAccessTokenSchema, idParam } from '@redaktion/shared';
import { z } from 'zod';
import type { AppContext } from '../http/context.js';
import { endpoint } from '../http/endpoint.js';
import { forbidden, notFound } from '../errors.js';
import type { Services } from '../services/index.js';

const me = (ctx: AppContext) => ctx.state.user!.id;

/** Personal access tokens (contract.md §8): made in a signed-in session, then sent as `Authorization: Bearer`. */
export const tokenEndpoints = ({ accessTokens }: Services) => [
  endpoint({
    method: 'post', path: '/api/tokens', tag: 'Account', access: 'user', status: 201,
    summary: 'Creates a personal access token; the answer is the only time the token is shown. Needs a signed-in session (a token cannot mint tokens)',
    body: accessTokenCreateSchema, response: createdAccessTokenSchema,
    answers: { 403: { description: 'Called with an access token rather than a signed-in session' } },
    handle: async (ctx, { body }) => {
      if (ctx.state.auth !== 'session') throw forbidden('Sign in with your password to create a token');
      return accessTokens.create(me(ctx), body.name);
    },
  }),
  endpoint({
    method: 'get', path: '/api/tokens', tag: 'Account', access: 'user',
    summary: "The signed-in user's tokens, newest first (never the token values)", response: z.array(accessTokenSchema),
    handle: (ctx) => accessTokens.list(me(ctx)),
  }),
  endpoint({
    method: 'delete', path: '/api/tokens/:id', tag: 'Account', access: 'user', status: 204,
    summary: 'Revokes one of your tokens; calls with it answer 401 from now on', params: z.object({ id: idParam }),
    handle: async (ctx, { params: { id } }) => {
      if (!(await accessTokens.revoke(me(ctx), id))) throw notFound('Token not found');
      ctx.status = 204;
    },
  }),
];
