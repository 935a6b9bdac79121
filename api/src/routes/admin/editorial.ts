import {
  adminArticleSchema, articleInputSchema, episodeInputSchema, episodeSchema, episodeUpdateSchema, personInputSchema, personSchema,
} from '@redaktion/shared';
import type { AppContext } from '../../http/context.js';
import { toArticle, toEpisode, toPerson } from '../../serializers/content.js';
import type { AdminServices } from '../../services/admin/index.js';
import { sameListing } from '../../services/admin/editorial.js';
import { resourceEndpoints } from './resource.js';

const userId = (ctx: AppContext) => ctx.state.user!.id;

/** Articles, episodes and people profiles: the items of the publication workflow (admin-area.md §7, contract.md §3). */
export const editorialEndpoints = ({ editorial: { articles, podcasts, profiles } }: AdminServices) => [
  ...resourceEndpoints({
    path: '/api/admin/articles', tag: 'Admin: articles', input: articleInputSchema, output: adminArticleSchema,
    toApi: (row) => ({ ...toArticle(row, 'staff', true), clientId: row.clientId }),
    summaries: {
      list: 'Every article in every status, most recently changed first',
      create: 'Creates an article; status pending submits it for review, featured makes it the single hero; a clientId already stored answers 200 with that article',
      update: 'Replaces an article',
      remove: 'Deletes an article and its approvals',
    },
    service: {
      list: articles.list,
      byId: articles.byId,
      replayed: ({ clientId }) => (clientId ? articles.byClientId(clientId) : Promise.resolve(undefined)),
      create: (input, ctx) => articles.save(null, input, userId(ctx)),
      update: async (id, input, ctx, precondition) => {
        const before = await articles.byId(id);
        const saved = await articles.save(id, input, userId(ctx), precondition);
        if (before && sameListing(before, saved)) ctx.state.changed = { article: id };
        return saved;
      },
      remove: articles.remove,
    },
  }),
  ...resourceEndpoints({
    path: '/api/admin/podcasts', tag: 'Admin: podcasts', input: episodeInputSchema, output: episodeSchema,
    update: episodeUpdateSchema,
    toApi: (row) => toEpisode(row, 'staff'),
    summaries: {
      list: 'Every episode and interview in every status',
      create: "Creates an episode (kind 'episode', needs a series) or an interview (kind 'interview'); duration in seconds",
      update: 'Replaces an episode, or with {status} alone changes only its status (the interview card)',
      remove: 'Deletes an episode and its approvals',
    },
    service: {
      list: podcasts.list,
      byId: podcasts.byId,
      create: (input, ctx) => podcasts.save(null, input, userId(ctx)),
      update: (id, input, ctx, precondition) => ('title' in input
        ? podcasts.save(id, input, userId(ctx), precondition) : podcasts.setStatus(id, input.status, userId(ctx), precondition)),
      remove: podcasts.remove,
    },
  }),
  ...resourceEndpoints({
    path: '/api/admin/people-profiles', tag: 'Admin: people', input: personInputSchema, output: personSchema,
    toApi: (row) => toPerson(row),
    summaries: {
      list: 'Every people profile in every status',
      create: "Creates a people profile; the form's content is the reader page's bio",
      update: 'Replaces a people profile',
      remove: 'Deletes a people profile and its approvals',
    },
    service: {
      list: profiles.list,
      byId: profiles.byId,
      create: (input, ctx) => profiles.save(null, input, userId(ctx)),
      update: (id, input, ctx, precondition) => profiles.save(id, input, userId(ctx), precondition),
      remove: profiles.remove,
    },
  }),
];
