import { randomUUID } from 'node:crypto';
import { userSchema } from '@redaktion/shared';
import { z } from 'zod';
import { JsonFile } from './json-file.js';
import { isLoopbackHost } from './trusted-url.js';

/** A newsroom server the app knows: kept on disk (never with its token, which the TokenVault holds). */
export const serverProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  origin: z.string(),
  /** Who signed in last (shown while the server cannot be reached, and to fill the sign-in form). */
  user: userSchema.nullable(),
  /** The id of the app's access token on that server, to revoke it when signing out. */
  tokenId: z.number().nullable(),
});
export type ServerProfile = z.infer<typeof serverProfileSchema>;

const storedSchema = z.object({ profiles: z.array(serverProfileSchema), activeId: z.string().nullable() });
type Stored = z.infer<typeof storedSchema>;

/**
 * The origin a typed server address names, or an error message: https, or plain http only on this machine
 * (loopback), no credentials. A missing scheme means https.
 */
export function serverOrigin(input: string): { origin: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: 'Enter the server address' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { error: 'That is not a web address' };
  }
  if (url.username || url.password) return { error: 'The address may not contain a user name or password' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { error: 'Use https (plain http only for a server on this computer)' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'Use an https address' };
  return { origin: url.origin };
}

export class ServerProfiles {
  private readonly store: JsonFile<Stored>;

  constructor(file: string) {
    this.store = new JsonFile(file, storedSchema, () => ({ profiles: [], activeId: null }));
  }

  list(): Promise<Stored> {
    return this.store.read();
  }

  async active(): Promise<ServerProfile | null> {
    const stored = await this.store.read();
    return stored.profiles.find((profile) => profile.id === stored.activeId) ?? null;
  }

  /** Adds a server (or finds the one with that origin) and makes it the active one. */
  async add(address: string, name?: string): Promise<ServerProfile | { error: string }> {
    const parsed = serverOrigin(address);
    if ('error' in parsed) return parsed;
    const stored = await this.store.read();
    let profile = stored.profiles.find((candidate) => candidate.origin === parsed.origin);
    if (!profile) {
      profile = { id: randomUUID(), name: name?.trim() || new URL(parsed.origin).host, origin: parsed.origin, user: null, tokenId: null };
      stored.profiles.push(profile);
    }
    stored.activeId = profile.id;
    await this.store.write(stored);
    return profile;
  }

  async select(id: string): Promise<ServerProfile | null> {
    const stored = await this.store.read();
    const profile = stored.profiles.find((candidate) => candidate.id === id) ?? null;
    if (profile) {
      stored.activeId = id;
      await this.store.write(stored);
    }
    return profile;
  }

  async remember(id: string, signedIn: Pick<ServerProfile, 'user' | 'tokenId'>): Promise<void> {
    const stored = await this.store.read();
    const profile = stored.profiles.find((candidate) => candidate.id === id);
    if (!profile) return;
    Object.assign(profile, signedIn);
    await this.store.write(stored);
  }

  async remove(id: string): Promise<void> {
    const stored = await this.store.read();
    stored.profiles = stored.profiles.filter((profile) => profile.id !== id);
    if (stored.activeId === id) stored.activeId = stored.profiles[0]?.id ?? null;
    await this.store.write(stored);
  }
}
