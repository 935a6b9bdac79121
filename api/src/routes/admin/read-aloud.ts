import { idParam, readAloudRequestSchema, readAloudSchema, readAloudVoiceInputSchema, readAloudVoiceSchema } from '@redaktion/shared';
import { z } from 'zod';
import { endpoint } from '../../http/endpoint.js';
import { notFound } from '../../errors.js';
import { sendStored } from '../../http/send-stored.js';
import { byteAnswers } from '../../http/send-file.js';
import { providerAnswers } from '../../integrations/provider.js';
import type { ReadAloudService } from '../../services/read-aloud/read-aloud.js';
import type { Storage } from '../../storage/index.js';

const TAG = 'Admin: read-aloud';
const params = z.object({ id: idParam });
const ARTICLE_MISSING = { 404: { description: 'No such article' } };

/**
 * Read-aloud in the admin (contract §9 [voice]): an article's audio is made as a job, listened to as a draft, then
 * published or withdrawn; the voice is chosen in the settings. Readers get published audio at /api/articles/{id}/audio.
 */
export const readAloudAdminEndpoints = (readAloud: ReadAloudService, storage: Storage) => [
  endpoint({
    method: 'post', path: '/api/admin/articles/:id/audio', tag: TAG, access: 'admin', status: 202,
    summary: 'Starts making the article\'s audio in the chosen voice: its text in parts at sentence ends (at most AI_SPEECH_MAX_CHARS each), '
      + 'spoken and joined into one MP3; follow it at GET /api/admin/articles/{id}/audio. An unpublished or premium article needs confirm: true '
      + '(400 on confirm otherwise); a newer request replaces one under way',
    params, body: readAloudRequestSchema, response: readAloudSchema,
    answers: { ...providerAnswers('Speech (AI_AUDIO_BASE_URL)'), ...ARTICLE_MISSING },
    handle: (ctx, { params: { id }, body }) => readAloud.start(id, body.confirm === true, ctx.state.user!.id),
  }),
  endpoint({
    method: 'get', path: '/api/admin/articles/:id/audio', tag: TAG, access: 'admin',
    summary: 'The article\'s read-aloud: its making (parts done of the total), its draft and whether it is published',
    params, response: readAloudSchema, answers: ARTICLE_MISSING,
    handle: (_ctx, { params: { id } }) => readAloud.state(id),
  }),
  endpoint({
    method: 'get', path: '/api/admin/articles/:id/audio/draft', tag: TAG, access: 'admin', produces: 'audio/mpeg',
    summary: 'Plays the finished draft for editors before it is published (HTTP Range); 404 while there is none',
    params, answers: byteAnswers,
    handle: async (ctx, { params: { id } }) => {
      const key = await readAloud.draftKey(id);
      if (!key || !(await sendStored(ctx, storage, key, { public: false, maxAgeSeconds: 0 }))) throw notFound('No finished read-aloud');
      return undefined;
    },
  }),
  endpoint({
    method: 'post', path: '/api/admin/articles/:id/audio/publish', tag: TAG, access: 'admin',
    summary: 'Publishes the finished draft: the article carries audioUrl and, when free, is in /feeds/read-aloud.xml. '
      + '409 without a finished draft, or when the article\'s text changed since it was made',
    params, response: readAloudSchema, answers: { ...ARTICLE_MISSING, 409: { description: 'No finished draft, or one of words the article no longer has (code conflict)' } },
    handle: (_ctx, { params: { id } }) => readAloud.publish(id),
  }),
  endpoint({
    method: 'delete', path: '/api/admin/articles/:id/audio', tag: TAG, access: 'admin', status: 204,
    summary: 'Withdraws the article\'s audio: the published file and any draft or making under way',
    params, answers: ARTICLE_MISSING,
    handle: async (_ctx, { params: { id } }) => { await readAloud.withdraw(id); },
  }),
  endpoint({
    method: 'get', path: '/api/admin/settings/read-aloud', tag: TAG, access: 'admin',
    summary: 'The voice articles are read in (null: AI_SPEECH_VOICE, which defaultVoice names)',
    response: readAloudVoiceSchema,
    handle: () => readAloud.voice(),
  }),
  endpoint({
    method: 'put', path: '/api/admin/settings/read-aloud', tag: TAG, access: 'admin',
    summary: 'Chooses the voice articles are read in from now on; audio already made keeps its voice',
    body: readAloudVoiceInputSchema, response: readAloudVoiceSchema,
    handle: (_ctx, { body }) => readAloud.setVoice(body.voice),
  }),
];
