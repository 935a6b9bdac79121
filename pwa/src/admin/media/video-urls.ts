import type { ChannelVideo } from '@redaktion/shared/client';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a YouTube address in one of the three recognised forms (admin-area.md §5): watch?v=,
 * the youtu.be/ short link and /embed/. Anything else is null.
 */
export function youTubeVideoId(address: string): string | null {
  const text = address.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (url.pathname.startsWith('/embed/')) id = url.pathname.split('/')[2];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export interface ManualPlaceholders { title(n: number): string; description: string }

const SPEC_PLACEHOLDERS: ManualPlaceholders = { title: (n) => `Video ${n}`, description: 'Loading description...' };

/**
 * The manual URL list (one address per line, blank lines ignored, unrecognised ones dropped) as video items with
 * the placeholders of admin-area.md §3; the thumbnail comes from the id.
 */
export function manualVideos(text: string, placeholders = SPEC_PLACEHOLDERS, now = new Date()): ChannelVideo[] {
  return text.split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map(youTubeVideoId)
    .filter((id): id is string => id !== null)
    .map((id, index) => ({
      id,
      videoId: id,
      title: placeholders.title(index + 1),
      description: placeholders.description,
      thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      duration: '0:00',
      isLive: false,
      publishedAt: now.toISOString(),
      viewCount: null,
    }));
}
