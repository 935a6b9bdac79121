import path from 'node:path';
import type { User } from '@redaktion/shared';
import type { IpcChannel, IpcMessages, ProfilesState } from '../bridge.js';
import { createAppProtocolHandler } from './app-protocol.js';
import { ChosenPaths } from './chosen-paths.js';
import { DraftOutbox } from './draft-outbox.js';
import { isIpcChannel, parseRequest } from './ipc-contract.js';
import { LiveOutbox } from './live-outbox.js';
import { createServerCall, jsonAnswer, ServerRefused, ServerUnreachable } from './server-connection.js';
import { ServerProfiles, type ServerProfile } from './server-profiles.js';
import { signIn } from './sign-in.js';
import { TokenVault, type SafeStorageLike } from './token-vault.js';
import { UploadQueue, type QueueSnapshot } from './upload-queue.js';
import { externalUrl } from './trusted-url.js';

export interface DesktopServiceOptions {
  /** The app's own folder (Electron's userData): profiles, the encrypted tokens, the upload queue, the drafts, the live entries. */
  dataDir: string;
  safeStorage: SafeStorageLike;
  /** The access token's name on the server, e.g. "Redaktion desktop on anna-laptop". */
  deviceName: string;
  openExternal(url: string): Promise<void>;
  /** The native file dialog (videos and folders). */
  pickVideos(): Promise<string[]>;
  onUploadsChanged?(snapshot: QueueSnapshot): void;
  fetch?: typeof fetch;
  uploadChunkSize?: number;
  backoff?: (attempt: number) => number;
}

interface Session { profile: ServerProfile; token: string; user: User }

const DRAFT_FLUSH_MS = 30_000;
/** Live entries written offline go out within seconds of the connection's return: a story is moving meanwhile. */
const LIVE_FLUSH_MS = 5_000;

/**
 * Everything the main process does for the renderer, without Electron: the IPC handlers (each request
 * validated against the contract), the `app://` protocol and the background work (uploads, drafts).
 * Electron's main file only wires these to its windows; the Chromium tests wire them to a stand-in bridge.
 */
export async function createDesktopService(options: DesktopServiceOptions) {
  const file = (name: string) => path.join(options.dataDir, name);
  const profiles = new ServerProfiles(file('profiles.json'));
  const vault = new TokenVault(file('tokens.json'), options.safeStorage);
  let session: Session | null = null;

  const current = () => session && { origin: session.profile.origin, token: session.token, profileId: session.profile.id };
  const serverCall = createServerCall(current, options.fetch);
  const queue = await UploadQueue.open({
    file: file('uploads.json'), session: current, fetch: options.fetch, chunkSize: options.uploadChunkSize,
    backoff: options.backoff, onChange: options.onUploadsChanged,
  });
  const outbox = new DraftOutbox(file('drafts.json'), serverCall, () => session?.profile.id ?? null);
  const liveOutbox = new LiveOutbox(file('live-entries.json'), serverCall, () => session?.profile.id ?? null);
  const chosen = new ChosenPaths();

  async function state(): Promise<ProfilesState> {
    const stored = await profiles.list();
    return { ...stored, user: session?.user ?? null, tokensPersist: vault.persistent };
  }

  /** Takes up the active profile's kept token, if any; the account is checked again when the server answers. */
  async function resume(): Promise<void> {
    session = null;
    const profile = await profiles.active();
    const token = profile && await vault.get(profile.id);
    if (!profile || !token || !profile.user) return;
    session = { profile, token, user: profile.user };
    try {
      const user = await jsonAnswer<User>(await serverCall('/api/user'));
      session.user = user;
      await profiles.remember(profile.id, { user, tokenId: profile.tokenId });
    } catch (error) {
      // Revoked token or demoted account: sign in again. Unreachable server: keep working offline.
      if (error instanceof ServerRefused && (error.status === 401 || error.status === 403)) await forget(profile.id);
    }
    wake();
  }

  async function forget(profileId: string): Promise<void> {
    await vault.delete(profileId);
    if (session?.profile.id === profileId) session = null;
  }

  /** What the network or a waking computer starts again. */
  function wake(): void {
    queue.wake();
    void outbox.flush();
    void liveOutbox.flush();
  }

  const handlers: { [C in IpcChannel]: (request: ReturnType<typeof parseRequest<C>>) => Promise<IpcMessages[C]['response']> } = {
    'profiles:list': () => state(),
    'profiles:add': async ({ address, name }) => {
      const added = await profiles.add(address, name);
      if (!('error' in added)) await resume();
      return added;
    },
    'profiles:select': async ({ id }) => {
      await profiles.select(id);
      await resume();
      return state();
    },
    'profiles:remove': async ({ id }) => {
      await forget(id);
      await profiles.remove(id);
      await resume();
      return state();
    },
    'session:sign-in': async ({ profileId, username, password }) => {
      const profile = (await profiles.list()).profiles.find((candidate) => candidate.id === profileId);
      if (!profile) return { error: 'Unknown server' };
      try {
        const signed = await signIn({ origin: profile.origin, username, password, deviceName: options.deviceName, fetch: options.fetch });
        await vault.set(profile.id, signed.token);
        await profiles.remember(profile.id, { user: signed.user, tokenId: signed.tokenId });
        await profiles.select(profile.id);
        session = { profile: { ...profile, user: signed.user, tokenId: signed.tokenId }, token: signed.token, user: signed.user };
        wake();
        return { user: signed.user };
      } catch (error) {
        if (error instanceof ServerRefused || error instanceof ServerUnreachable) return { error: error instanceof ServerRefused ? error.serverMessage : error.message };
        throw error;
      }
    },
    'session:sign-out': async () => {
      if (session) {
        const { profile } = session;
        // Revoking the token on the server is best effort: offline, it is forgotten here all the same.
        if (profile.tokenId !== null) await serverCall(`/api/tokens/${profile.tokenId}`, { method: 'DELETE' }).catch(() => undefined);
        await profiles.remember(profile.id, { user: null, tokenId: null });
        await forget(profile.id);
      }
      return state();
    },
    'links:open': async ({ url }) => {
      const href = externalUrl(url);
      if (href) await options.openExternal(href);
      return href !== null;
    },
    'uploads:pick': async () => {
      const paths = await options.pickVideos();
      return paths.length ? queue.add(paths) : [];
    },
    'uploads:add': ({ paths }) => queue.add(chosen.take(paths)),
    'uploads:list': async () => queue.snapshot(),
    'uploads:pause': async ({ id }) => { await queue.pause(id); return queue.snapshot(); },
    'uploads:resume': async ({ id }) => { await queue.resume(id); return queue.snapshot(); },
    'uploads:cancel': async ({ id }) => { await queue.cancel(id); return queue.snapshot(); },
    'uploads:clear': async () => { await queue.clearFinished(); return queue.snapshot(); },
    'drafts:list': () => outbox.list(),
    'drafts:save': async (request) => {
      const draft = await outbox.save(request);
      void outbox.flush();
      return draft;
    },
    'drafts:send': async () => { await outbox.flush(); return outbox.list(); },
    'drafts:resolve': async ({ clientId, keep }) => {
      await outbox.resolve(clientId, keep).catch((error: unknown) => {
        if (!(error instanceof ServerUnreachable)) throw error;
      });
      return outbox.list();
    },
    'drafts:remove': async ({ clientId }) => { await outbox.remove(clientId); return outbox.list(); },
    'live:post': ({ articleId, clientId, entry }) => liveOutbox.post(articleId, clientId, entry),
    'live:list': ({ articleId }) => liveOutbox.list(articleId),
    'live:discard': async ({ clientId }) => { await liveOutbox.discard(clientId); },
  };

  await resume();
  const flushTimer = setInterval(() => void outbox.flush(), DRAFT_FLUSH_MS);
  flushTimer.unref();
  const liveTimer = setInterval(() => void liveOutbox.flush(), LIVE_FLUSH_MS);
  liveTimer.unref();

  return {
    /** Answers one renderer message: unknown channels and invalid requests are refused before anything runs. */
    async handle(channel: unknown, payload: unknown): Promise<unknown> {
      if (!isIpcChannel(channel)) throw new Error('Unknown message');
      const request = parseRequest(channel, payload);
      return (handlers[channel] as (request: unknown) => Promise<unknown>)(request);
    },
    appProtocol: (rendererDir: string) => createAppProtocolHandler({ rendererDir, serverCall }),
    /** The preload's report of a drop on the app (FILES_DROPPED): the paths `uploads:add` may queue next. */
    dropped: (report: unknown) => chosen.dropped(report),
    queue,
    outbox,
    liveOutbox,
    wake,
    async stop(): Promise<void> {
      clearInterval(flushTimer);
      clearInterval(liveTimer);
      await queue.stop();
    },
  };
}

export type DesktopService = Awaited<ReturnType<typeof createDesktopService>>;
