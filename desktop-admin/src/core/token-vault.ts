import { z } from 'zod';
import { JsonFile } from './json-file.js';

/** The part of Electron's `safeStorage` the vault uses (injected, so the vault runs without Electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no keyring, so "encrypted" would be readable by anyone with the file. */
  getSelectedStorageBackend?(): string;
}

const storedSchema = z.object({ tokens: z.record(z.string(), z.string()) });

/**
 * Keeps each server profile's access token: encrypted on disk with the operating system's keyring, or,
 * where there is no real keyring, in memory only (the app then asks for the password at the next start).
 */
export class TokenVault {
  private readonly memory = new Map<string, string>();
  private readonly store: JsonFile<z.infer<typeof storedSchema>>;

  constructor(file: string, private readonly safeStorage: SafeStorageLike) {
    this.store = new JsonFile(file, storedSchema, () => ({ tokens: {} }));
  }

  /** Whether tokens survive a restart on this machine. */
  get persistent(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    const backend = this.safeStorage.getSelectedStorageBackend?.();
    return backend !== 'basic_text' && backend !== 'unknown';
  }

  async get(profileId: string): Promise<string | null> {
    const kept = this.memory.get(profileId);
    if (kept) return kept;
    if (!this.persistent) return null;
    const encrypted = (await this.store.read()).tokens[profileId];
    if (!encrypted) return null;
    try {
      const token = this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
      this.memory.set(profileId, token);
      return token;
    } catch {
      // A keyring that changed (another user, a reinstalled system) cannot open it: sign in again.
      return null;
    }
  }

  async set(profileId: string, token: string): Promise<void> {
    this.memory.set(profileId, token);
    if (!this.persistent) return;
    const stored = await this.store.read();
    stored.tokens[profileId] = this.safeStorage.encryptString(token).toString('base64');
    await this.store.write(stored);
  }

  async delete(profileId: string): Promise<void> {
    this.memory.delete(profileId);
    const stored = await this.store.read();
    if (!(profileId in stored.tokens)) return;
    delete stored.tokens[profileId];
    await this.store.write(stored);
  }
}
