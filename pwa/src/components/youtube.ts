/** YouTube's privacy-enhanced player (youtube-nocookie: the host the CSP allows when YouTube is configured, and on a page whose article embeds a video) and its commands. */
export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

/** An unknown slug is a YouTube id only when it looks like one (contract.md §7). */
export const isYouTubeId = (value: string) => /^[A-Za-z0-9_-]{11}$/.test(value);

export const youTubeEmbedUrl = (id: string, options: Record<string, string> = {}) =>
  `${YOUTUBE_ORIGIN}/embed/${id}?${new URLSearchParams({ enablejsapi: '1', ...options })}`;

/** Sends the embedded player a command of the IFrame API ('playVideo', 'mute', …). */
export function youTubeCommand(frame: HTMLIFrameElement | null, func: string, args: unknown[] = []): void {
  frame?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func, args }), YOUTUBE_ORIGIN);
}
