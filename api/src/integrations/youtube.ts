import type { Config } from '../config.js';
import { badRequest, notConfigured } from '../errors.js';
import { originOf, providerError } from './provider.js';

export interface ChannelVideo {
  id: string;
  videoId: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: string | null;
  isLive: boolean;
  publishedAt: string;
  viewCount: number | null;
}

type ChannelRef = { kind: 'id' | 'handle' | 'custom' | 'user'; value: string };

const CACHE_MS = 60 * 60 * 1000;
const LATEST = 10;

/** The four forms of a channel address: /channel/UC…, /@handle, /c/name and /user/name. */
export function parseChannelUrl(input: string): ChannelRef | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (!/^(www\.|m\.)?youtube\.com$/.test(url.hostname) || !/^https?:$/.test(url.protocol)) return null;
  const [first, second] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (first === 'channel' && second && /^UC[\w-]{22}$/.test(second)) return { kind: 'id', value: second };
  if (first?.startsWith('@') && /^@[\w.-]{3,100}$/.test(first)) return { kind: 'handle', value: first };
  if (first === 'c' && second && /^[\w.-]{1,100}$/.test(second)) return { kind: 'custom', value: second };
  if (first === 'user' && second && /^[\w.-]{1,100}$/.test(second)) return { kind: 'user', value: second };
  return null;
}

/** "PT1H2M3S" → "1:02:03", "PT4M5S" → "4:05". */
export function formatIsoDuration(iso: string | undefined): string | null {
  const match = iso ? /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso) : null;
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  const totalHours = Number(days) * 24 + Number(hours);
  const ss = seconds.padStart(2, '0');
  return totalHours > 0 ? `${totalHours}:${minutes.padStart(2, '0')}:${ss}` : `${Number(minutes)}:${ss}`;
}

const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, entity: string) =>
  ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[entity]!);

/** The channel's public Atom feed: the latest uploads, without a key (and without durations). */
export function parseFeed(xml: string): ChannelVideo[] {
  return [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].slice(0, LATEST).map(([, entry]) => {
    const tag = (name: string) => unescapeXml(new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(entry!)?.[1]?.trim() ?? '');
    const videoId = tag('yt:videoId');
    const views = /<media:statistics[^>]*views="(\d+)"/.exec(entry!)?.[1];
    return {
      id: videoId,
      videoId,
      title: tag('title'),
      description: tag('media:description'),
      thumbnail: unescapeXml(/<media:thumbnail[^>]*url="([^"]+)"/.exec(entry!)?.[1] ?? `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`),
      duration: null,
      isLive: false,
      publishedAt: new Date(tag('published')).toISOString(),
      viewCount: views ? Number(views) : null,
    };
  }).filter((video) => /^[\w-]{11}$/.test(video.videoId));
}

/**
 * The channel's latest 10 videos: through the Data API v3 with YOUTUBE_API_KEY, else through the public feed.
 * Answers are cached for an hour per channel. Only the configured channel is fetched for non-admins.
 */
export function createYouTube(config: Config) {
  const apiOrigin = originOf(config.youtube.apiBase, 'https://www.googleapis.com');
  const siteOrigin = originOf(config.youtube.feedBase, 'https://www.youtube.com');
  const cache = new Map<string, { at: number; videos: ChannelVideo[] }>();

  async function getText(url: URL, what: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { 'Accept-Language': 'sv-SE,sv;q=0.9' } });
    } catch {
      throw providerError('YouTube', `${what} could not be reached`);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = `${what} answered ${response.status}`;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
      } catch { /* not JSON: keep the status */ }
      throw providerError('YouTube', message);
    }
    return text;
  }

  async function dataApi<T>(resource: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`/youtube/v3/${resource}`, apiOrigin);
    for (const [key, value] of Object.entries({ ...params, key: config.youtube.apiKey! })) url.searchParams.set(key, value);
    return JSON.parse(await getText(url, 'The YouTube Data API')) as T;
  }

  async function viaDataApi(channel: ChannelRef): Promise<ChannelVideo[]> {
    const lookup: Record<string, string> = channel.kind === 'id' ? { id: channel.value }
      : channel.kind === 'user' ? { forUsername: channel.value }
      : { forHandle: channel.kind === 'handle' ? channel.value : `@${channel.value}` };
    const channels = await dataApi<{ items?: { contentDetails: { relatedPlaylists: { uploads: string } } }[] }>('channels', { part: 'contentDetails', ...lookup });
    const uploads = channels.items?.[0]?.contentDetails.relatedPlaylists.uploads;
    if (!uploads) throw providerError('YouTube', 'no such channel');
    const playlist = await dataApi<{ items?: { contentDetails: { videoId: string } }[] }>('playlistItems', { part: 'contentDetails', playlistId: uploads, maxResults: String(LATEST) });
    const ids = (playlist.items ?? []).map((item) => item.contentDetails.videoId);
    if (ids.length === 0) return [];
    const videos = await dataApi<{ items?: {
      id: string;
      snippet: { title: string; description: string; publishedAt: string; liveBroadcastContent?: string; thumbnails: Record<string, { url: string }> };
      contentDetails?: { duration?: string };
      statistics?: { viewCount?: string };
    }[] }>('videos', { part: 'snippet,contentDetails,statistics', id: ids.join(',') });
    return (videos.items ?? []).map((item) => ({
      id: item.id,
      videoId: item.id,
      title: item.snippet.title,
      description: item.snippet.description,
      thumbnail: (item.snippet.thumbnails.high ?? item.snippet.thumbnails.medium ?? item.snippet.thumbnails.default)?.url ?? `https://i.ytimg.com/vi/${item.id}/hqdefault.jpg`,
      duration: formatIsoDuration(item.contentDetails?.duration),
      isLive: item.snippet.liveBroadcastContent === 'live',
      publishedAt: new Date(item.snippet.publishedAt).toISOString(),
      viewCount: item.statistics?.viewCount ? Number(item.statistics.viewCount) : null,
    }));
  }

  async function viaFeed(channel: ChannelRef): Promise<ChannelVideo[]> {
    const feed = new URL('/feeds/videos.xml', siteOrigin);
    if (channel.kind === 'id') feed.searchParams.set('channel_id', channel.value);
    else if (channel.kind === 'user') feed.searchParams.set('user', channel.value);
    else {
      // A handle or custom name: the channel page names its id.
      const page = await getText(new URL(channel.kind === 'handle' ? `/${channel.value}` : `/c/${channel.value}`, siteOrigin), 'The channel page');
      const id = /"(?:channelId|externalId)":"(UC[\w-]{22})"/.exec(page)?.[1] ?? /\/channel\/(UC[\w-]{22})/.exec(page)?.[1];
      if (!id) throw providerError('YouTube', 'the channel page did not name its channel');
      feed.searchParams.set('channel_id', id);
    }
    return parseFeed(await getText(feed, 'The channel feed'));
  }

  return {
    async latest(requestedUrl: string | undefined, isAdmin: boolean): Promise<{ videos: ChannelVideo[] }> {
      const address = isAdmin && requestedUrl ? requestedUrl : config.youtube.channelUrl;
      if (!address) throw notConfigured('YouTube');
      const channel = parseChannelUrl(address);
      if (!channel) throw badRequest('Use a channel address like https://www.youtube.com/@name or /channel/UC…');
      const key = `${channel.kind}:${channel.value.toLowerCase()}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) return { videos: hit.videos };
      const videos = config.youtube.apiKey ? await viaDataApi(channel) : await viaFeed(channel);
      cache.set(key, { at: Date.now(), videos });
      return { videos };
    },
  };
}

export type YouTube = ReturnType<typeof createYouTube>;
