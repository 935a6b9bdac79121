import { channelVideosSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import { providerAnswers } from '../integrations/provider.js';
import type { YouTube } from '../integrations/youtube.js';
import { seesDrafts } from '../services/content/audience.js';
import { notFound } from '../errors.js';
import { sendStored } from '../http/send-stored.js';
import { youtubeThumbnailKey, type YouTubeThumbnails } from '../services/media/youtube-thumbnails.js';
import type { Storage } from '../storage/index.js';

/**
 * The channel's videos for the home page's hero (admin-area.md §7): public, through the YouTube Data API. And the
 * thumbnail of a video an article embeds, served from the store (contract §9).
 */
export const videoEndpoints = (youtube: YouTube, thumbnails: YouTubeThumbnails, storage: Storage) => [
  endpoint({
    method: 'get', path: '/api/youtube/channel-videos', tag: 'Videos', access: 'public',
    summary: "The channel's latest 10 videos, cached for an hour; channelUrl is honoured for admins only",
    query: z.object({ channelUrl: z.string().max(300).optional() }),
    response: channelVideosSchema, answers: providerAnswers('YouTube'),
    handle: (ctx, { query }) => youtube.latest(query.channelUrl, seesDrafts(ctx.state.audience)),
  }),
  endpoint({
    method: 'get', path: '/api/youtube/thumbnails/:videoId', tag: 'Videos', access: 'public', produces: 'image/jpeg',
    summary: "An embedded video's thumbnail, fetched by the server once (11-character ids only) and kept in the store; 404 when YouTube has none",
    params: z.object({ videoId: z.string().regex(/^[\w-]{11}$/, 'A YouTube video id has 11 characters') }),
    handle: async (ctx, { params: { videoId } }) => {
      if (!(await thumbnails.ensure(videoId)) || !(await sendStored(ctx, storage, youtubeThumbnailKey(videoId), { public: true, maxAgeSeconds: 86_400 }))) {
        throw notFound('No thumbnail for this video');
      }
    },
  }),
];
