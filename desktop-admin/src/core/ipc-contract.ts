import { z } from 'zod';
import type { IpcChannel } from '../bridge.js';
import { draftFieldsSchema } from './draft-outbox.js';
import { queuedEntryFieldsSchema } from './live-outbox.js';
import { isAppUrl } from './trusted-url.js';

/**
 * Every message the renderer may send to the main process, validated with zod before anything runs, and
 * accepted only from a frame of the app itself.
 */
const none = z.object({}).strict();
const id = z.object({ id: z.string().min(1).max(100) }).strict();
const articleId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ipcRequestSchemas = {
  'profiles:list': none,
  'profiles:add': z.object({ address: z.string().max(2000), name: z.string().max(100).optional() }).strict(),
  'profiles:select': id,
  'profiles:remove': id,
  'session:sign-in': z.object({ profileId: z.string().min(1).max(100), username: z.string().min(1).max(200), password: z.string().min(1).max(1000) }).strict(),
  'session:sign-out': none,
  'links:open': z.object({ url: z.string().max(4000) }).strict(),
  'uploads:pick': none,
  'uploads:add': z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }).strict(),
  'uploads:list': none,
  'uploads:pause': id,
  'uploads:resume': id,
  'uploads:cancel': id,
  'uploads:clear': none,
  'drafts:list': none,
  'drafts:save': z.object({ clientId: z.string().uuid().optional(), fields: draftFieldsSchema.strict() }).strict(),
  'drafts:send': none,
  'drafts:resolve': z.object({ clientId: z.string().uuid(), keep: z.enum(['mine', 'theirs']) }).strict(),
  'drafts:remove': z.object({ clientId: z.string().uuid() }).strict(),
  'live:post': z.object({ articleId, clientId: z.string().uuid(), entry: queuedEntryFieldsSchema.strict() }).strict(),
  'live:list': z.object({ articleId }).strict(),
  'live:discard': z.object({ clientId: z.string().uuid() }).strict(),
} satisfies Record<IpcChannel, z.ZodType>;

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.hasOwn(ipcRequestSchemas, value);
}

/** A message is answered only when its frame shows a page of the app (not an outside page that got loaded somehow). */
export function isTrustedSender(frame: { url: string } | null | undefined): boolean {
  return !!frame && isAppUrl(frame.url);
}

/** The validated request, or an error naming the first problem (the renderer sees only that message). */
export function parseRequest<C extends IpcChannel>(channel: C, payload: unknown): z.infer<(typeof ipcRequestSchemas)[C]> {
  const parsed = ipcRequestSchemas[channel].safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid ${channel} message${issue ? `: ${issue.path.join('.') || 'message'} ${issue.message}` : ''}`);
  }
  return parsed.data as z.infer<(typeof ipcRequestSchemas)[C]>;
}
