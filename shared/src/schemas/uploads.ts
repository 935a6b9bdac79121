import { z } from 'zod';

/** An image's WebP variants, widest last: every answer that names a stored image lists them in this shape. */
export const imageVariantsSchema = z.array(z.object({ width: z.number(), url: z.string() }));

/** What a finished upload answers, by `POST /api/upload` and by the last PATCH of a resumable upload (contract.md §5, §8). */
export const uploadAnswerSchema = z.object({
  url: z.string().describe('Where the product keeps the file; a custom video, an episode or an article names it by this'),
  kind: z.enum(['image', 'audio', 'video']),
  width: z.number().optional(),
  height: z.number().optional(),
  variants: imageVariantsSchema.optional(),
}).meta({ id: 'UploadAnswer' });

export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

/** The tus 1.0.0 endpoint for large files (contract.md §8): POST creates, PATCH sends, HEAD asks the offset, DELETE ends. */
export const RESUMABLE_UPLOADS_PATH = '/api/admin/uploads';

export type UploadKind = UploadAnswer['kind'];

/** Limits of one multipart request (`POST /api/upload`, the custom-video form), in MB (admin-area.md §9). */
export const UPLOAD_LIMITS_MB = { image: 20, audio: 100, video: 50 } as const satisfies Record<UploadKind, number>;

/** Limits of the resumable endpoint, in MB; video's default, `UPLOAD_MAX_VIDEO_MB` changes it on the server. */
export const RESUMABLE_LIMITS_MB = { image: 20, audio: 500, video: 2048 } as const satisfies Record<UploadKind, number>;

/**
 * The formats each kind takes (admin-area.md §9). The server decides by a file's first bytes and stores it under the
 * MIME type `extensions` gives its extension; clients offer and check the same before a byte is sent: `extensions`
 * for a file the system named no type, `types` for the names browsers give (several for one format).
 * ADTS `.aac` is not among them: the server takes AAC only inside MP4 (`.m4a`).
 */
export const UPLOAD_FORMATS = {
  image: {
    names: ['JPG', 'PNG', 'WebP'],
    extensions: { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' },
    types: ['image/jpeg', 'image/png', 'image/webp'],
  },
  audio: {
    names: ['MP3', 'WAV', 'OGG', 'M4A'],
    extensions: { '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.ogg': 'audio/ogg', '.m4a': 'audio/mp4' },
    types: ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/mp4', 'audio/x-m4a', 'audio/m4a'],
  },
  video: {
    names: ['MP4', 'WebM', 'OGG', 'AVI', 'MOV'],
    extensions: {
      '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.webm': 'video/webm', '.ogg': 'video/ogg', '.ogv': 'video/ogg',
      '.avi': 'video/x-msvideo', '.mov': 'video/quicktime',
    },
    types: ['video/mp4', 'video/webm', 'video/ogg', 'video/x-msvideo', 'video/avi', 'video/msvideo', 'video/quicktime'],
  },
} as const satisfies Record<UploadKind, { names: readonly string[]; extensions: Readonly<Record<string, string>>; types: readonly string[] }>;

/** A file input's `accept` list for the kinds a control takes: every type name and extension. */
export const uploadAccept = (...kinds: UploadKind[]): string =>
  kinds.flatMap((kind) => [...UPLOAD_FORMATS[kind].types, ...Object.keys(UPLOAD_FORMATS[kind].extensions)]).join(',');

/** Whether `kind` takes a file of this MIME type, by any of the names browsers give it. */
export const uploadTakesType = (kind: UploadKind, type: string): boolean => (UPLOAD_FORMATS[kind].types as readonly string[]).includes(type.toLowerCase());

/** The MIME type a client declares for a file by its name, or null when its extension is not one `kind` takes. */
export function uploadTypeByName(kind: UploadKind, name: string): string | null {
  const dot = name.lastIndexOf('.');
  const extensions: Readonly<Record<string, string>> = UPLOAD_FORMATS[kind].extensions;
  return dot < 0 ? null : extensions[name.slice(dot).toLowerCase()] ?? null;
}
