import { stat } from 'node:fs/promises';
import path from 'node:path';
import mime from 'mime-types';

/** What an enclosure must state exactly: the audio file's byte size and MIME type. */
export interface AudioFacts {
  audioSize: number | null;
  audioType: string | null;
}

/** The stored episode file under DATA_DIR/audio (only its base name is ever used). */
export const episodeAudioFile = (audioDir: string, audioFile: string): string => path.join(audioDir, path.basename(audioFile));

/** Read once when the audio is attached, so every feed states the size the file is served with. */
export async function audioFacts(audioDir: string, audioFile: string | null): Promise<AudioFacts> {
  if (!audioFile) return { audioSize: null, audioType: null };
  const info = await stat(episodeAudioFile(audioDir, audioFile)).catch(() => null);
  return {
    audioSize: info?.isFile() ? info.size : null,
    audioType: mime.lookup(audioFile) || 'audio/mpeg',
  };
}

/** The file's extension, which every enclosure URL ends in (podcast apps pick a player by it). */
export const audioExtension = (audioFile: string): string => path.extname(audioFile).slice(1).toLowerCase() || 'mp3';
