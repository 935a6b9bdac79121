import {
  customVideoFieldsSchema, customVideoJsonSchema, customVideoSchema, customVideoUpdateSchema, ERROR_CODES, idParam, UPLOAD_FORMATS, UPLOAD_LIMITS_MB,
  uploadAnswerSchema,
} from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { endpoint } from '../../http/endpoint.js';
import { conflict, HttpError, notFound, validationError } from '../../errors.js';
import { fieldError } from '../../services/admin/editorial.js';
import { sendStored } from '../../http/send-stored.js';
import { byteAnswers } from '../../http/send-file.js';
import { toCustomVideo } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';
import { episodeAudioKey, isAudioFileName } from '../../services/media/episode-audio.js';
import { discard, receiveMultipart, uploadTempDir, type FileKind } from '../../services/media/uploads.js';

const params = z.object({ id: idParam });

/** 'JPG, PNG, WebP', as the spec's messages list a kind's formats (admin-area.md §5, §8). */
const formats = (kind: FileKind) => UPLOAD_FORMATS[kind].names.join(', ');
const fileTooLarge = (kind: FileKind): [string, string] =>
  ['File too large', `${kind === 'image' ? 'Images' : 'Audio files'} must be smaller than ${UPLOAD_LIMITS_MB[kind]}MB`];

/** Uploads, the private audio preview and custom videos. */
export const mediaEndpoints = ({ catalogue, images, placement, storage }: AdminServices, config: Config) => {
  const tempDir = uploadTempDir(config.dataDir);

  return [
    endpoint({
      method: 'post', path: '/api/upload', tag: 'Admin: uploads', access: 'admin', status: 201,
      summary: `Uploads one file (multipart field "file"): images ${formats('image')} up to ${UPLOAD_LIMITS_MB.image} MB (with WebP variants), `
        + `audio ${formats('audio')} up to ${UPLOAD_LIMITS_MB.audio} MB`,
      form: { file: { file: true, required: true, description: 'The image or audio file' } },
      response: uploadAnswerSchema,
      handle: async (ctx) => {
        const { files } = await receiveMultipart(ctx, tempDir, {
          fileFields: { file: ['image', 'audio'] },
          messages: {
            wrongType: ['Invalid file type', `Please select a valid image (${formats('image')}) or audio file (${formats('audio')})`], tooLarge: fileTooLarge,
          },
        });
        const file = files[0];
        if (!file) throw new HttpError(400, 'No file was sent', ERROR_CODES.validation, [{ path: 'file', message: 'Please select a file' }]);
        return placement.place(file);
      },
    }),
    endpoint({
      method: 'get', path: '/api/admin/audio/:file', tag: 'Admin: uploads', access: 'admin', produces: 'audio/*',
      summary: 'Plays an uploaded episode file for staff before the episode is published (HTTP Range)',
      params: z.object({ file: z.string().max(200) }), answers: byteAnswers,
      handle: async (ctx, { params: { file } }) => {
        if (!isAudioFileName(file) || !(await sendStored(ctx, storage, episodeAudioKey(file), { public: false, maxAgeSeconds: 0 }))) throw notFound('Audio not found');
        return undefined;
      },
    }),

    endpoint({
      method: 'get', path: '/api/admin/custom-videos', tag: 'Admin: videos', access: 'admin',
      summary: 'Every custom video, active or not', response: z.array(customVideoSchema),
      handle: async () => (await catalogue.customVideos.list({})).map((row) => toCustomVideo(row)),
    }),
    endpoint({
      method: 'post', path: '/api/admin/custom-videos', tag: 'Admin: videos', access: 'admin', status: 201,
      summary: `Adds a custom video: either uploads it (multipart: video, title, description, duration, optional thumbnail image; ${formats('video')} up to ${UPLOAD_LIMITS_MB.video} MB), `
        + 'or, as JSON {title, description, duration, videoUrl}, names a video that finished a resumable upload (/api/admin/uploads)',
      body: customVideoJsonSchema,
      answers: { 409: { description: 'Another custom video already uses this videoUrl' } },
      form: {
        video: { file: true, required: true, description: `${formats('video')}, at most ${UPLOAD_LIMITS_MB.video} MB` },
        title: { file: false, required: true, description: 'Title' },
        description: { file: false, required: true, description: 'Description' },
        duration: { file: false, required: true, description: 'Length as m:ss, e.g. 5:30' },
        thumbnail: { file: true, required: false, description: `A poster image (${formats('image')})` },
      },
      response: customVideoSchema,
      handle: async (ctx, { body }) => {
        if (body) {
          const { videoUrl, ...fields } = body;
          if (!(await placement.storedVideo(videoUrl))) throw fieldError('videoUrl', 'videoUrl must name a finished video upload (/uploads/videos/…)');
          if (await catalogue.customVideos.usingFile(videoUrl)) throw conflict('Another custom video already uses this video file');
          return toCustomVideo(await catalogue.customVideos.create({ ...fields, videoUrl, thumbnailUrl: null, uploadedBy: ctx.state.user!.id }));
        }
        const { fields, files } = await receiveMultipart(ctx, tempDir, {
          fileFields: { video: ['video'], thumbnail: ['image'] },
          messages: {
            wrongType: ['Invalid File Type', `Please select a valid video file (${formats('video')}).`],
            tooLarge: (kind) => (kind === 'video' ? ['File Too Large', `Video file must be less than ${UPLOAD_LIMITS_MB.video}MB.`] : fileTooLarge(kind)),
          },
        });
        const video = files.find((file) => file.field === 'video');
        const thumbnail = files.find((file) => file.field === 'thumbnail');
        const parsed = customVideoFieldsSchema.safeParse(fields);
        if (!parsed.success || !video) {
          await discard(files);
          if (!parsed.success) throw validationError(parsed.error);
          throw new HttpError(400, 'Missing Information', ERROR_CODES.validation, [{ path: 'video', message: 'Please fill in all fields and select a video file.' }]);
        }
        // The poster is stored like every other image: re-encoded without its metadata, with its variants.
        const poster = thumbnail ? await images.fromUpload(thumbnail).catch(async (error: unknown) => {
          await discard([video]);
          throw error;
        }) : null;
        const { url: videoUrl } = await placement.place(video);
        const thumbnailUrl = poster?.url ?? null;
        return toCustomVideo(await catalogue.customVideos.create({
          ...parsed.data, videoUrl, thumbnailUrl, uploadedBy: ctx.state.user!.id,
        }));
      },
    }),
    endpoint({
      method: 'put', path: '/api/admin/custom-videos/:id', tag: 'Admin: videos', access: 'admin',
      summary: 'Changes title, description, active or priority', params, body: customVideoUpdateSchema, response: customVideoSchema,
      handle: async (_ctx, { params: { id }, body }) => toCustomVideo(await catalogue.customVideos.update(id, body)),
    }),
    endpoint({
      method: 'delete', path: '/api/admin/custom-videos/:id', tag: 'Admin: videos', access: 'admin', status: 204,
      summary: 'Deletes a custom video and its file', params,
      handle: async (ctx, { params: { id } }) => {
        const video = await catalogue.customVideos.byId(id);
        if (!video) throw notFound();
        await catalogue.customVideos.remove(id);
        await placement.removeVideo(String(video.videoUrl));
        ctx.status = 204;
      },
    }),
  ];
};
