import { channelVideosSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import { providerAnswers } from '../integrations/provider.js';
import type { YouTube } from '../integrations/youtube.js';
import { seesDrafts } from '../services/content/audience.js';

/** The channel's videos for the home page's hero (admin-area.md §7): public, through the YouTube Data API. */
export const videoEndpoints = (youtube: YouTube) => [
  endpoint({
    method: 'get', path: '/api/youtube/channel-videos', tag: 'Videos', access: 'public',
    summary: "The channel's latest 10 videos, cached for an hour; channelUrl is honoured for admins only",
    query: z.object({ channelUrl: z.string().max(300).optional() }),
    response: channelVideosSchema, answers: providerAnswers('YouTube'),
    handle: (ctx, { query }) => youtube.latest(query.channelUrl, seesDrafts(ctx.state.audience)),
  }),
];
