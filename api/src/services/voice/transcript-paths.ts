/** The WebVTT media type podcast apps and players ask for. */
export const WEBVTT_TYPE = 'text/vtt';

/** Where a published transcript is served, to anyone who may hear its episode. */
export const transcriptPath = (episodeId: number) => `/feeds/transcripts/${episodeId}.vtt`;

/** The same through a subscriber's private feed: podcast apps send no cookie, the token is their entitlement. */
export const privateTranscriptPath = (token: string, episodeId: number) => `/feeds/private/${token}/transcripts/${episodeId}.vtt`;
