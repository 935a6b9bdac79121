import { rasterImagePath } from '@redaktion/shared';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Config } from '../../config.js';
import type { Storage } from '../../storage/index.js';
import type { Db } from '../../db/connection.js';
import type { JournalistRow, PeopleProfileRow, PodcastRow, PodcastSeriesRow, Timestamp } from '../../db/rows.js';
import { toBool, toIso } from '../../db/values.js';
import { audioExtension, audioFacts } from '../media/episode-audio.js';
import { newestFirst, published } from '../content/published.js';
import { podcastGuid, URL_NAMESPACE, uuidV5 } from './uuid.js';
import { chaptersOf, chaptersPath, CHAPTERS_TYPE } from './chapters.js';
import { privateTranscriptPath, transcriptPath, WEBVTT_TYPE } from '../voice/transcript-paths.js';

const NS = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
};

/** Our series categories in Apple Podcasts' category list (podcasters.apple.com/support/1691). */
const APPLE_CATEGORIES: Record<string, [string, string?]> = {
  news: ['News', 'Daily News'],
  society: ['Society & Culture'],
  culture: ['Arts'],
  technology: ['Technology'],
  business: ['Business'],
};

/** Items' <guid>s live in a namespace of their own, derived from the episode id alone so no edit changes them. */
const EPISODE_GUID_NAMESPACE = uuidV5('redaktion.podcast-episode', URL_NAMESPACE);

export const episodeGuid = (episodeId: number): string => uuidV5(String(episodeId), EPISODE_GUID_NAMESPACE);

export const publicFeedPath = (seriesId: number) => `/feeds/podcast-series/${seriesId}.xml`;
export const privateFeedPath = (token: string, seriesId: number) => `/feeds/private/${token}/podcast-series/${seriesId}.xml`;
const enclosurePath = (token: string | null, episodeId: number, audioFile: string) =>
  `${token ? `/feeds/private/${token}` : '/feeds'}/audio/${episodeId}.${audioExtension(audioFile)}`;

export const rfc822 = (value: Timestamp | null) => new Date(toIso(value) ?? Date.now()).toUTCString();
export const absolute = (origin: string, url: string | null) => (url ? new URL(url, origin).toString() : null);

/** What a podcast channel says of itself, before its items. */
export interface ChannelHead {
  title: string;
  link: string;
  description: string;
  /** This feed's own address, and the public one its identity (podcast:guid) is made from. */
  selfUrl: string;
  publicUrl: string;
  artwork: string | null;
  author: string;
  /** In Apple Podcasts' category list (podcasters.apple.com/support/1691), with a subcategory or not. */
  category: [string, string?];
  explicit: boolean;
  type: string;
  lastBuild: Timestamp | null;
  /** A private feed: every directory is asked not to list it. */
  blocked: boolean;
}

/** An RSS document in the podcast namespaces with its channel's head: what every podcast feed of ours opens with. */
export function podcastChannel(config: Config, origin: string, head: ChannelHead): { root: XMLBuilder; channel: XMLBuilder } {
  const { title, link, artwork } = head;
  const [category, subcategory] = head.category;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0', 'xmlns:itunes': NS.itunes, 'xmlns:podcast': NS.podcast, 'xmlns:atom': NS.atom, 'xmlns:content': NS.content,
  });
  const channel = root.ele('channel');
  channel.ele('title').txt(title);
  channel.ele('link').txt(link);
  channel.ele('description').txt(head.description);
  channel.ele('language').txt('sv');
  channel.ele('copyright').txt(`© ${new Date().getUTCFullYear()} ${config.podcast.ownerName}`);
  channel.ele('generator').txt('Redaktion');
  channel.ele('lastBuildDate').txt(rfc822(head.lastBuild));
  channel.ele('atom:link', { href: head.selfUrl, rel: 'self', type: 'application/rss+xml' });
  if (artwork) channel.ele('image').ele('url').txt(artwork).up().ele('title').txt(title).up().ele('link').txt(link);
  channel.ele('itunes:author').txt(head.author);
  channel.ele('itunes:owner').ele('itunes:name').txt(config.podcast.ownerName).up().ele('itunes:email').txt(config.podcast.ownerEmail);
  if (artwork) channel.ele('itunes:image', { href: artwork });
  const categoryElement = channel.ele('itunes:category', { text: category });
  if (subcategory) categoryElement.ele('itunes:category', { text: subcategory });
  channel.ele('itunes:explicit').txt(head.explicit ? 'true' : 'false');
  channel.ele('itunes:type').txt(head.type);
  if (head.blocked) channel.ele('itunes:block').txt('Yes');
  // The show's identity, the same for its private feeds: their URLs change with every rotated token.
  channel.ele('podcast:guid').txt(podcastGuid(head.publicUrl));
  channel.ele('podcast:locked', { owner: config.podcast.ownerEmail }).txt('yes');
  channel.ele('podcast:funding', { url: `${origin}/subscribe` }).txt('Prenumerera på Redaktion');
  if (head.blocked) channel.ele('podcast:block').txt('yes');
  return { root, channel };
}

/** An episode with audio, as the feed's query selects it. */
type WithAudio = PodcastRow & { audioFile: string };
/** An episode a feed lists: its audio's size is known, for the enclosure. */
type Listed = WithAudio & { audioSize: number | string };

/**
 * RSS 2.0 podcast feeds with Apple's itunes: tags and the Podcasting 2.0 namespace. A public feed lists the
 * series' published free episodes; a private one (with a subscriber's token) the premium ones too, and asks
 * every directory not to list it.
 */
export function createPodcastFeeds(db: Db, config: Config, storage: Storage) {
  const series = async (id: number): Promise<PodcastSeriesRow | undefined> => db('podcastSeries').where({ id, active: true }).first();

  /** The host: the journalist the series names, by id or else by name. */
  async function hostOf(row: PodcastSeriesRow): Promise<JournalistRow | undefined> {
    const query = db('journalists').where({ active: true });
    if (row.hostId) return query.where({ id: row.hostId }).first();
    return row.hostName ? query.where({ name: row.hostName }).first() : undefined;
  }

  /** Rows attached before sizes were stored get theirs now, once. */
  async function withAudioFacts(rows: WithAudio[]): Promise<Listed[]> {
    for (const row of rows.filter((episode) => episode.audioSize === null)) {
      const facts = await audioFacts(storage, row.audioFile);
      if (facts.audioSize === null) continue;
      await db('podcasts').where({ id: row.id }).update(facts);
      Object.assign(row, facts);
    }
    return rows.filter((episode): episode is Listed => episode.audioSize !== null);
  }

  const person = (parent: XMLBuilder, role: 'host' | 'guest', name: string, href: string, img: string | null) =>
    parent.ele('podcast:person', { role, href, ...(img ? { img } : {}) }).txt(name);

  return {
    /** The feed's XML, or null when there is no such active series. `token` makes it the subscriber's private feed. */
    async render(seriesId: number, origin: string, token: string | null): Promise<string | null> {
      const show = await series(seriesId);
      if (!show) return null;
      const query = newestFirst(published(db('podcasts').select('podcasts.*'), 'podcasts'), 'podcasts')
        .where('podcasts.seriesId', seriesId).whereNotNull('podcasts.audioFile');
      if (!token) query.where('podcasts.premium', false);
      const episodes = await withAudioFacts(await query);
      const host = await hostOf(show);
      // A guest is a published people profile whose name the episode mentions (profiles are not linked to episodes).
      const people: Pick<PeopleProfileRow, 'id' | 'name' | 'profileImage'>[] = await published(db('peopleProfiles').select('id', 'name', 'profileImage'), 'peopleProfiles');

      const link = `${origin}/podcast-series/${seriesId}`;
      const publicUrl = `${origin}${publicFeedPath(seriesId)}`;
      const selfUrl = token ? `${origin}${privateFeedPath(token, seriesId)}` : publicUrl;
      const artwork = absolute(origin, rasterImagePath('artwork', show.imageUrl) ?? show.imageUrl);
      const author = show.hostName ?? host?.name ?? config.podcast.ownerName;

      const { root, channel } = podcastChannel(config, origin, {
        title: show.title, link, description: show.description, selfUrl, publicUrl, artwork, author, category: APPLE_CATEGORIES[show.category] ?? ['News'],
        explicit: toBool(show.explicit), type: show.podcastType, lastBuild: episodes[0]?.publishedAt ?? show.updatedAt, blocked: Boolean(token),
      });
      if (host) person(channel, 'host', host.name, `${origin}/journalists/${host.id}`, absolute(origin, rasterImagePath('artwork', host.profileImage)));

      for (const episode of episodes) {
        const { id } = episode;
        const episodeLink = `${origin}/podcast/${id}`;
        const item = channel.ele('item');
        item.ele('title').txt(episode.title);
        item.ele('description').txt(episode.description);
        item.ele('link').txt(episodeLink);
        item.ele('guid', { isPermaLink: 'false' }).txt(episodeGuid(id));
        item.ele('pubDate').txt(rfc822(episode.publishedAt));
        item.ele('enclosure', {
          url: `${origin}${enclosurePath(token, id, episode.audioFile)}`,
          length: String(episode.audioSize),
          type: episode.audioType ?? 'audio/mpeg',
        });
        item.ele('itunes:title').txt(episode.title);
        item.ele('itunes:duration').txt(String(episode.duration));
        item.ele('itunes:episode').txt(String(episode.episodeNumber));
        if (episode.season) item.ele('itunes:season').txt(String(episode.season));
        item.ele('itunes:episodeType').txt(episode.episodeType);
        item.ele('itunes:explicit').txt(toBool(episode.explicit) ? 'true' : 'false');
        const episodeArt = absolute(origin, rasterImagePath('artwork', episode.imageUrl));
        if (episodeArt) item.ele('itunes:image', { href: episodeArt });
        if (chaptersOf(episode).length) item.ele('podcast:chapters', { url: `${origin}${chaptersPath(id)}`, type: CHAPTERS_TYPE });
        if (episode.transcriptPublishedAt) {
          // Like the enclosure: through a private feed the tokened address, which a podcast app can fetch without a cookie.
          const transcript = token ? privateTranscriptPath(token, id) : transcriptPath(id);
          item.ele('podcast:transcript', { url: `${origin}${transcript}`, type: WEBVTT_TYPE, language: 'sv' });
        }
        if (host) person(item, 'host', host.name, `${origin}/journalists/${host.id}`, null);
        const words = `${episode.title} ${episode.description}`.toLowerCase();
        for (const guest of people.filter((profile) => words.includes(profile.name.toLowerCase()))) {
          person(item, 'guest', guest.name, `${origin}/people/${guest.id}`, absolute(origin, rasterImagePath('artwork', guest.profileImage)));
        }
      }
      return root.end({ prettyPrint: true });
    },
  };
}

export type PodcastFeeds = ReturnType<typeof createPodcastFeeds>;
