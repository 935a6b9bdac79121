import sharp from 'sharp';
import type { Plugin } from 'vite';

/**
 * The web app manifests (Swedish and English; the server links the reader's language) and the icons,
 * drawn at build time from the Redaktion mark, so the build needs no network and no binary files in git.
 */
const BRAND = '#0b2545';
const BACKGROUND = '#faf8f4';

const mark = (size: number, padding: number, rounded: boolean) => {
  const inner = size - padding * 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" ${rounded ? `rx="${size * 0.18}"` : ''} fill="${BRAND}"/>
    <text x="${size / 2}" y="${padding + inner * 0.74}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="700"
      font-size="${inner * 0.72}" fill="#ffffff">R</text></svg>`);
};

/** Sizes browsers ask for: 192 and 512 for install, 180 for iOS; maskable ones keep the mark inside the 80 % safe zone. */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', padding: 0.08, rounded: true },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', padding: 0.08, rounded: true },
  { file: 'icons/maskable-192.png', size: 192, purpose: 'maskable', padding: 0.2, rounded: false },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable', padding: 0.2, rounded: false },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: null, padding: 0.1, rounded: false },
] as const;

const TEXT = {
  sv: {
    description: 'Nyheter, opinion, poddar och porträtt från Sverige. Läs och lyssna även utan nät.',
    podcasts: 'Poddar', podcastsHint: 'Lyssna på poddar', reading: 'Läslista', readingHint: 'Dina sparade artiklar',
  },
  en: {
    description: 'News, opinion, podcasts and profiles from Sweden. Read and listen offline too.',
    podcasts: 'Podcasts', podcastsHint: 'Listen to podcasts', reading: 'Reading list', readingHint: 'Your saved articles',
  },
} as const;

export function manifest(lang: 'sv' | 'en') {
  const text = TEXT[lang];
  return {
    id: '/',
    name: 'Redaktion',
    short_name: 'Redaktion',
    description: text.description,
    lang,
    dir: 'ltr',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND,
    background_color: BACKGROUND,
    categories: ['news', 'magazines'],
    icons: ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: `/${icon.file}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose,
    })),
    shortcuts: [
      { name: text.podcasts, short_name: text.podcasts, description: text.podcastsHint, url: '/podcasts', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
      { name: text.reading, short_name: text.reading, description: text.readingHint, url: '/dashboard/reading-list', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    ],
  };
}

export function appManifest(): Plugin {
  return {
    name: 'redaktion-app-manifest',
    apply: 'build',
    async generateBundle() {
      for (const icon of ICONS) {
        const source = await sharp(mark(icon.size, Math.round(icon.size * icon.padding), icon.rounded)).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source });
      }
      for (const lang of ['sv', 'en'] as const) {
        this.emitFile({ type: 'asset', fileName: `manifest.${lang}.webmanifest`, source: JSON.stringify(manifest(lang), null, 2) });
      }
    },
  };
}
