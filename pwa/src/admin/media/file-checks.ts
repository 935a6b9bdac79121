import type { AdminKey } from '../i18n';

/**
 * What the upload controls accept and how large (admin-area.md §9), checked before a byte is sent so that the
 * editor hears at once, in the spec's words (§5, §8), what is wrong. The server checks the same again.
 */
export type FileKind = 'image' | 'audio' | 'file';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'];
// Browsers name the same audio formats in several ways (audio/x-wav, audio/x-m4a...).
const AUDIO_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac'];
const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.ogg', '.m4a'];

const ACCEPTED: Record<FileKind, { types: string[]; extensions: string[] }> = {
  image: { types: IMAGE_TYPES, extensions: IMAGE_EXTENSIONS },
  audio: { types: AUDIO_TYPES, extensions: AUDIO_EXTENSIONS },
  // What /api/upload takes: an image or an audio file.
  file: { types: [...IMAGE_TYPES, ...AUDIO_TYPES], extensions: [...IMAGE_EXTENSIONS, ...AUDIO_EXTENSIONS] },
};

/** The single-file control's limits in MB when the screen sets none. */
export const DEFAULT_MAX_MB: Record<FileKind, number> = { image: 20, audio: 50, file: 20 };
/** The multi-file control's default limit in MB. */
export const MULTI_DEFAULT_MAX_MB = 50;

/** The file input's `accept` list for a kind. */
export const acceptFor = (kind: FileKind) => [...ACCEPTED[kind].types, ...ACCEPTED[kind].extensions].join(',');

/** The formats a kind takes, as an editor reads them. */
export const FORMATS: Record<FileKind, string> = { image: 'JPG, PNG, WebP', audio: 'MP3, WAV, OGG, M4A', file: 'JPG, PNG, WebP, MP3, WAV, OGG, M4A' };

/** A refusal as a toast: a title and a description, each a catalogue key with its values. */
export interface FileProblem { title: AdminKey; description: AdminKey; values?: Record<string, string | number> }

function hasAcceptedType(file: { name: string; type: string }, kind: FileKind): boolean {
  const { types, extensions } = ACCEPTED[kind];
  // Some systems give no type (or a generic one) for a perfectly good file: the extension decides then.
  if (file.type && file.type !== 'application/octet-stream') return types.includes(file.type.toLowerCase());
  const name = file.name.toLowerCase();
  return extensions.some((extension) => name.endsWith(extension));
}

/**
 * Checks a chosen file: the wrong type first, then the size. The single-file control names the kind
 * ('Please select an image smaller than 20MB'); the multi-file control states the limit ('Maximum file size is 50MB').
 */
export function checkFile(file: { name: string; type: string; size: number }, kind: FileKind,
  { maxMB = DEFAULT_MAX_MB[kind], multi = false }: { maxMB?: number; multi?: boolean } = {}): FileProblem | null {
  if (!hasAcceptedType(file, kind)) return { title: 'upload.invalidType', description: `upload.invalidType.${kind}` };
  if (file.size > maxMB * 1024 * 1024) {
    return { title: 'upload.tooLarge', description: multi ? 'upload.maxSize' : `upload.tooLarge.${kind}`, values: { max: maxMB } };
  }
  return null;
}
