import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { EARLY_TAPS_SCRIPT } from '@redaktion/shared';
import { integrations, type Config } from '../config.js';
import { directMediaOrigin } from '../storage/index.js';

/** The one inline script, allowed by its hash: it holds a reader's taps until the page is interactive. */
const EARLY_TAPS_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/** YouTube's privacy-enhanced player, the one YouTube frame a page may hold. */
const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The Content-Security-Policy the PWA runs under. Stripe and YouTube are allowed only when those integrations are
 * configured (contract.md §7); YouTube's player also on a page that embeds a video in an article's body (§9).
 */
export function contentSecurityPolicy(config: Config, { youtubePlayer = false } = {}): string {
  const on = integrations(config);
  const origin = (base: string | null, fallback: string) => (base ? new URL(base).origin : fallback);
  const scripts = ["'self'"];
  const frames: string[] = [];
  const images = ["'self'", 'data:', 'blob:'];
  const connect = ["'self'"];
  const media = ["'self'", 'blob:'];
  // Uploads redirected to a CDN or to presigned bucket URLs are loaded (and saved offline) from there.
  const mediaOrigin = directMediaOrigin(config);
  if (mediaOrigin) {
    images.push(mediaOrigin);
    media.push(mediaOrigin);
    connect.push(mediaOrigin);
  }
  if (on.payments) {
    scripts.push('https://js.stripe.com');
    frames.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push(origin(config.stripe.apiBase, 'https://api.stripe.com'));
  }
  if (on.pexels) images.push(origin(config.pexels.apiBase, 'https://images.pexels.com'));
  // The channel's videos show YouTube's own thumbnails; an embed's comes through the server (routes/videos.ts).
  if (on.youtube) images.push('https://i.ytimg.com');
  if (on.youtube || youtubePlayer) frames.push(YOUTUBE_PLAYER_ORIGIN);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')} ${EARLY_TAPS_SOURCE}`,
    // React and the video player set inline styles; no other inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    `media-src ${media.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * What every answer carries, an event stream included: an event stream is read by script and never shown, so the
 * headers about a document (its policy, framing, opener, referrer, permissions) are not held for its hours open.
 */
export const streamSecurityHeaders = (config: Config): Record<string, string> => ({
  'X-Content-Type-Options': 'nosniff',
  ...(config.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
});

export function securityHeaders(config: Config) {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...streamSecurityHeaders(config),
  };
  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    ctx.set(headers);
    await next();
  };
}
