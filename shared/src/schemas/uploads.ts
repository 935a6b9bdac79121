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

/** Limits of the resumable endpoint, in MB; video's default, `UPLOAD_MAX_VIDEO_MB` changes it on the server. */
export const RESUMABLE_LIMITS_MB = { image: 20, audio: 500, video: 2048 } as const;
