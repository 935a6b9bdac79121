import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TokenVault, type SafeStorageLike } from './token-vault.js';

/** Electron's safeStorage as each platform behaves: a keyring that encrypts, Linux's plain-text fallback, none. */
const keyring = (backend?: string): SafeStorageLike => ({
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain)].map((byte) => byte ^ 0x5a)),
  decryptString: (encrypted) => Buffer.from([...encrypted].map((byte) => byte ^ 0x5a)).toString(),
  ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
});
const noKeyring: SafeStorageLike = { ...keyring(), isEncryptionAvailable: () => false };

const vaultFile = async () => path.join(await mkdtemp(path.join(os.tmpdir(), 'redaktion-vault-')), 'tokens.json');

describe('the token vault', () => {
  it('keeps tokens encrypted on disk across a restart where there is a keyring', async () => {
    const file = await vaultFile();
    const vault = new TokenVault(file, keyring('gnome_libsecret'));
    expect(vault.persistent).toBe(true);
    await vault.set('p1', 'rdk_secret_token');
    expect(await readFile(file, 'utf8')).not.toContain('rdk_secret_token');
    expect(await new TokenVault(file, keyring('gnome_libsecret')).get('p1')).toBe('rdk_secret_token');
    await vault.delete('p1');
    expect(await new TokenVault(file, keyring()).get('p1')).toBeNull();
  });

  it('keeps the token in memory only without a real keyring (Linux basic_text, or no encryption)', async () => {
    for (const storage of [keyring('basic_text'), noKeyring]) {
      const file = await vaultFile();
      const vault = new TokenVault(file, storage);
      expect(vault.persistent).toBe(false);
      await vault.set('p1', 'rdk_memory_only');
      expect(await vault.get('p1')).toBe('rdk_memory_only');
      await expect(readFile(file, 'utf8')).rejects.toThrow();
      expect(await new TokenVault(file, storage).get('p1')).toBeNull();
    }
  });

  it('asks again when the keyring can no longer open a kept token', async () => {
    const file = await vaultFile();
    await new TokenVault(file, keyring()).set('p1', 'rdk_x');
    const changed: SafeStorageLike = { ...keyring(), decryptString: () => { throw new Error('key changed'); } };
    expect(await new TokenVault(file, changed).get('p1')).toBeNull();
  });
});
