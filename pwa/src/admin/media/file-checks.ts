import { UPLOAD_FORMATS, UPLOAD_LIMITS_MB, uploadAccept, uploadTakesType, uploadTypeByName, type UploadKind } from '@redaktion/shared';
import type { AdminKey } from '../i18n';

/**
 * What the upload controls accept and how large (admin-area.md §9), checked before a byte is sent so that the
 * editor hears at once, in the spec's words (§5, §8), what is wrong. The server checks the same again.
 */
export type FileKind = 'image' | 'audio' | 'file';

/** The server's kinds behind each control; `file` takes what /api/upload takes, an image or an audio file. */
const KINDS: Record<FileKind, UploadKind[]> = { image: ['image'], audio: ['audio'], file: ['image', 'audio'] };

/**
 * The single-file control's limits in MB when the screen sets none: the server's for images and other files,
 * the spec's lower 50 MB for audio (admin-area.md §9; episode audio takes the server's 100 MB).
 */
export const DEFAULT_MAX_MB: Record<FileKind, number> = { image: UPLOAD_LIMITS_MB.image, audio: 50, file: UPLOAD_LIMITS_MB.image };
/** The multi-file control's default limit in MB. */
export const MULTI_DEFAULT_MAX_MB = 50;

/** The file input's `accept` list for a kind. */
export const acceptFor = (kind: FileKind) => uploadAccept(...KINDS[kind]);

/** The formats a kind takes, as an editor reads them: 'JPG, PNG, WebP'. */
export const formatsOf = (kind: FileKind) => KINDS[kind].flatMap((server) => UPLOAD_FORMATS[server].names).join(', ');

/** A refusal as a toast: a title and a description, each a catalogue key with its values. */
export interface FileProblem { title: AdminKey; description: AdminKey; values?: Record<string, string | number> }

function hasAcceptedType(file: { name: string; type: string }, kind: FileKind): boolean {
  // Some systems give no type (or a generic one) for a perfectly good file: the extension decides then.
  if (file.type && file.type !== 'application/octet-stream') return KINDS[kind].some((server) => uploadTakesType(server, file.type));
  return KINDS[kind].some((server) => uploadTypeByName(server, file.name) !== null);
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
