import path from 'node:path';
import mime from 'mime-types';
import type { Storage } from '../../storage/index.js';

/** What an enclosure must state exactly: the audio file's byte size and MIME type. */
export interface AudioFacts {
  audioSize: number | null;
  audioType: string | null;
}

/** Episode audio lives under these keys, never under uploads/: it is served only through its subscription check. */
export const EPISODE_AUDIO_PREFIX = 'audio/';
/** The admin preview address of an uploaded, not yet published episode file. */
export const ADMIN_AUDIO_PREFIX = '/api/admin/audio/';

/**
 * Whether a name a client sent can be an episode file of ours: the names the product gives (a UUID, or the demo seed's
 * words) have no dot in front, no separator and no control character, so `..`, `%00` and the like are simply unknown.
 */
export const isAudioFileName = (name: string): boolean => /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]{1,5})?$/.test(name) && name.length <= 200;

/** The stored object of an episode's file (only its base name is ever used). */
export const episodeAudioKey = (audioFile: string): string => `${EPISODE_AUDIO_PREFIX}${path.basename(audioFile)}`;

/** Read once when the audio is attached, so every feed states the size the file is served with. */
export async function audioFacts(storage: Storage, audioFile: string | null): Promise<AudioFacts> {
  if (!audioFile) return { audioSize: null, audioType: null };
  const info = await storage.stat(episodeAudioKey(audioFile));
  return {
    audioSize: info?.size ?? null,
    audioType: mime.lookup(audioFile) || 'audio/mpeg',
  };
}

/** The file's extension, which every enclosure URL ends in (podcast apps pick a player by it). */
export const audioExtension = (audioFile: string): string => path.extname(audioFile).slice(1).toLowerCase() || 'mp3';
