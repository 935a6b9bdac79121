import type { EmbedBlock, EmbedKind } from '@redaktion/shared/content';
import type { Db } from '../../db/connection.js';
import type { ArticleRow, CustomVideoRow, PeopleProfileRow, PodcastRow } from '../../db/rows.js';
import { published } from './published.js';

/** What the site's own items an article embeds are, as the public may see them: published (or active) ones only. */
export interface EmbeddedItems {
  podcasts: Pick<PodcastRow, 'id' | 'title' | 'imageUrl' | 'audioFile' | 'premium'>[];
  articles: Pick<ArticleRow, 'id' | 'title' | 'imageUrl'>[];
  videos: Pick<CustomVideoRow, 'slug' | 'title' | 'thumbnailUrl'>[];
  people: Pick<PeopleProfileRow, 'id' | 'name' | 'profileImage'>[];
}

/**
 * Finds the items an article's embeds point at (contract §9); the serializer makes their cards. Something unpublished
 * or gone is simply not found, so nothing withheld travels inside another article.
 */
export function createEmbeds(db: Db) {
  return {
    async lookup(embeds: EmbedBlock[]): Promise<EmbeddedItems> {
      const refs = (kind: EmbedKind) => [...new Set(embeds.filter((embed) => embed.kind === kind).map((embed) => embed.ref))];
      const [podcasts, articles, videos, people] = [refs('podcast'), refs('article'), refs('watch'), refs('people')];
      return {
        podcasts: podcasts.length ? await published(db('podcasts'), 'podcasts').whereIn('id', podcasts.map(Number)).select('id', 'title', 'imageUrl', 'audioFile', 'premium') : [],
        articles: articles.length ? await published(db('articles'), 'articles').whereIn('id', articles.map(Number)).select('id', 'title', 'imageUrl') : [],
        videos: videos.length ? await db('custom_videos').where('active', true).whereIn('slug', videos).select('slug', 'title', 'thumbnailUrl') : [],
        people: people.length ? await published(db('people_profiles'), 'people_profiles').whereIn('id', people.map(Number)).select('id', 'name', 'profileImage') : [],
      };
    },
  };
}

export type Embeds = ReturnType<typeof createEmbeds>;
