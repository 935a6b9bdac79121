import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { ArticleRow } from '../../db/rows.js';
import { newestFirst, published } from '../content/published.js';
import { podcastChannel, rfc822 } from './podcast-feed.js';
import { URL_NAMESPACE, uuidV5 } from './uuid.js';

export const READ_ALOUD_FEED_PATH = '/feeds/read-aloud.xml';
/** The feed's newest articles: a podcast app shows the recent ones, and a long history only slows its polls. */
const FEED_SIZE = 100;

/** A free article's read-aloud for podcast apps: no cookie, no premium (their audio is 404 there). */
export const readAloudAudioPath = (articleId: number) => `/feeds/read-aloud/${articleId}.mp3`;

/** Items' <guid>s in a namespace of their own: one per audio file, so an app fetches audio made again after a correction. */
const READ_ALOUD_GUID_NAMESPACE = uuidV5('redaktion.read-aloud', URL_NAMESPACE);

type Listed = Pick<ArticleRow, 'id' | 'title' | 'excerpt' | 'author' | 'publishedAt'> & { audioFile: string; audioDuration: number; audioSize: number };

/** `/feeds/read-aloud.xml` (contract §9 [voice]): the published free articles that have published audio, newest first. */
export function createReadAloudFeed(db: Db, config: Config) {
  return {
    async render(origin: string): Promise<string> {
      const articles: Listed[] = await newestFirst(published(db('articles'), 'articles'), 'articles')
        .where('articles.premium', false).whereNotNull('articles.audioFile').whereNotNull('articles.audioSize')
        .select('id', 'title', 'excerpt', 'author', 'publishedAt', 'audioFile', 'audioDuration', 'audioSize').limit(FEED_SIZE);
      const link = `${origin}/`;
      const selfUrl = `${origin}${READ_ALOUD_FEED_PATH}`;
      const { root, channel } = podcastChannel(config, origin, {
        title: `${config.podcast.ownerName} – upplästa artiklar`,
        link,
        description: 'Våra fria artiklar upplästa med syntetisk röst.',
        selfUrl, publicUrl: selfUrl, artwork: `${origin}/icons/icon-512.png`, author: config.podcast.ownerName,
        category: ['News', 'Daily News'], explicit: false, type: 'episodic', lastBuild: articles[0]?.publishedAt ?? null, blocked: false,
      });
      for (const article of articles) {
        const item = channel.ele('item');
        item.ele('title').txt(article.title);
        item.ele('description').txt(`${article.excerpt} (Uppläst med syntetisk röst.)`);
        item.ele('link').txt(`${origin}/article/${article.id}`);
        item.ele('guid', { isPermaLink: 'false' }).txt(uuidV5(path.basename(article.audioFile), READ_ALOUD_GUID_NAMESPACE));
        item.ele('pubDate').txt(rfc822(article.publishedAt));
        item.ele('enclosure', { url: `${origin}${readAloudAudioPath(article.id)}`, length: String(article.audioSize), type: 'audio/mpeg' });
        item.ele('itunes:title').txt(article.title);
        item.ele('itunes:author').txt(article.author);
        item.ele('itunes:duration').txt(String(article.audioDuration));
        item.ele('itunes:episodeType').txt('full');
        item.ele('itunes:explicit').txt('false');
      }
      return root.end({ prettyPrint: true });
    },
  };
}

export type ReadAloudFeed = ReturnType<typeof createReadAloudFeed>;
