import { startStandIn } from './http-stand-in.js';

export const CHANNEL_ID = 'UCabcdefghijklmnopqrstuv';

const videoIds = Array.from({ length: 12 }, (_, i) => `vid${String(i).padStart(8, '0')}`);

/** YouTube's Data API v3 (channels, playlistItems, videos) and the public site (channel page and Atom feed), on one origin. */
export async function startYouTubeStandIn(apiKey: string) {
  const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <title>Redaktion</title>
${videoIds.map((id, i) => ` <entry>
  <id>yt:video:${id}</id>
  <yt:videoId>${id}</yt:videoId>
  <yt:channelId>${CHANNEL_ID}</yt:channelId>
  <title>Flödesvideo ${i + 1} &amp; mer</title>
  <published>2026-11-${String(20 - i).padStart(2, '0')}T08:00:00+00:00</published>
  <media:group>
   <media:title>Flödesvideo ${i + 1}</media:title>
   <media:thumbnail url="https://i.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>Beskrivning ${i + 1}</media:description>
   <media:community><media:statistics views="${1000 + i}"/></media:community>
  </media:group>
 </entry>`).join('\n')}
</feed>`;

  return startStandIn((request) => {
    if (request.path.startsWith('/youtube/v3/')) {
      if (request.query.get('key') !== apiKey) return { status: 400, json: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } } };
      const resource = request.path.slice('/youtube/v3/'.length);
      if (resource === 'channels') {
        const known = request.query.get('id') === CHANNEL_ID || request.query.get('forHandle') === '@redaktion';
        return { json: { kind: 'youtube#channelListResponse', items: known ? [{ id: CHANNEL_ID, contentDetails: { relatedPlaylists: { uploads: `UU${CHANNEL_ID.slice(2)}` } } }] : [] } };
      }
      if (resource === 'playlistItems') {
        const max = Number(request.query.get('maxResults'));
        return { json: { items: videoIds.slice(0, max).map((videoId) => ({ contentDetails: { videoId } })) } };
      }
      if (resource === 'videos') {
        return { json: { items: (request.query.get('id') ?? '').split(',').map((id, i) => ({
          id,
          snippet: {
            title: `API-video ${i + 1}`, description: `Beskrivning ${i + 1}`, publishedAt: `2026-11-${String(20 - i).padStart(2, '0')}T08:00:00Z`,
            liveBroadcastContent: i === 0 ? 'live' : 'none', thumbnails: { high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg` } },
          },
          contentDetails: { duration: i === 1 ? 'PT1H2M3S' : 'PT4M5S' },
          statistics: { viewCount: String(5000 + i) },
        })) } };
      }
      return undefined;
    }
    if (request.path === '/feeds/videos.xml') {
      return request.query.get('channel_id') === CHANNEL_ID ? { body: feed(), type: 'application/atom+xml' } : { status: 404, body: 'Not found', type: 'text/html' };
    }
    if (request.path === '/@redaktion') {
      return { type: 'text/html', body: `<html><head><link rel="canonical" href="https://www.youtube.com/channel/${CHANNEL_ID}"></head><body><script>var ytInitialData = {"metadata":{"channelMetadataRenderer":{"externalId":"${CHANNEL_ID}"}}};</script></body></html>` };
    }
    return undefined;
  });
}
