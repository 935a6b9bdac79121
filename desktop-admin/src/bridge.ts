import type { User } from '@redaktion/shared';
import type { Draft, DraftFields } from './core/draft-outbox.js';
import type { QueuedEntry, QueuedEntryFields } from './core/live-outbox.js';
import type { ServerProfile } from './core/server-profiles.js';
import type { QueueSnapshot, UploadItem } from './core/upload-queue.js';

/**
 * The one bridge between the renderer and the main process (`window.redaktionDesktop`), implemented by the
 * preload script and, in the Chromium tests, by a stand-in over the same core modules. Types only, and the
 * channel names: the preload bundle stays free of zod.
 */
export interface IpcMessages {
  'profiles:list': { request: Record<string, never>; response: ProfilesState };
  'profiles:add': { request: { address: string; name?: string }; response: ServerProfile | { error: string } };
  'profiles:select': { request: { id: string }; response: ProfilesState };
  'profiles:remove': { request: { id: string }; response: ProfilesState };
  'session:sign-in': { request: { profileId: string; username: string; password: string }; response: { user: User } | { error: string } };
  'session:sign-out': { request: Record<string, never>; response: ProfilesState };
  'links:open': { request: { url: string }; response: boolean };
  'uploads:pick': { request: Record<string, never>; response: UploadItem[] };
  'uploads:add': { request: { paths: string[] }; response: UploadItem[] };
  'uploads:list': { request: Record<string, never>; response: QueueSnapshot };
  'uploads:pause': { request: { id: string }; response: QueueSnapshot };
  'uploads:resume': { request: { id: string }; response: QueueSnapshot };
  'uploads:cancel': { request: { id: string }; response: QueueSnapshot };
  'uploads:clear': { request: Record<string, never>; response: QueueSnapshot };
  'drafts:list': { request: Record<string, never>; response: Draft[] };
  'drafts:save': { request: { clientId?: string; fields: DraftFields }; response: Draft };
  'drafts:send': { request: Record<string, never>; response: Draft[] };
  'drafts:resolve': { request: { clientId: string; keep: 'mine' | 'theirs' }; response: Draft[] };
  'drafts:remove': { request: { clientId: string }; response: Draft[] };
  'live:post': { request: { articleId: number; clientId: string; entry: QueuedEntryFields }; response: QueuedEntry };
  'live:list': { request: { articleId: number }; response: QueuedEntry[] };
  'live:discard': { request: { clientId: string }; response: void };
}
export type IpcChannel = keyof IpcMessages;

export const IPC_CHANNELS = [
  'profiles:list', 'profiles:add', 'profiles:select', 'profiles:remove', 'session:sign-in', 'session:sign-out', 'links:open',
  'uploads:pick', 'uploads:add', 'uploads:list', 'uploads:pause', 'uploads:resume', 'uploads:cancel', 'uploads:clear',
  'drafts:list', 'drafts:save', 'drafts:send', 'drafts:resolve', 'drafts:remove', 'live:post', 'live:list', 'live:discard',
] as const satisfies readonly IpcChannel[];

/** The main process's push of the upload queue to the renderer. */
export const UPLOADS_CHANGED = 'uploads:changed';

/**
 * The preload's report to the main process of a drop on the app, with the paths it read from the drop itself. Not in
 * IPC_CHANNELS: the page cannot send it, so the main process learns what the user dropped from the preload alone.
 */
export const FILES_DROPPED = 'files:dropped';

export interface ProfilesState {
  profiles: ServerProfile[];
  activeId: string | null;
  /** The signed-in account on the active profile, or null (sign in needed). */
  user: User | null;
  /** False where the computer has no keyring: the sign-in lasts until the app quits. */
  tokensPersist: boolean;
}

export interface DesktopBridge {
  call<C extends IpcChannel>(channel: C, request: IpcMessages[C]['request']): Promise<IpcMessages[C]['response']>;
  /** Calls `listener` with the queue on every change; answers the function that stops listening. */
  onUploads(listener: (snapshot: QueueSnapshot) => void): () => void;
  /** The path of a dropped file or folder (Electron's webUtils). */
  pathForFile(file: File): string;
}

declare global {
  interface Window { redaktionDesktop: DesktopBridge }
}
