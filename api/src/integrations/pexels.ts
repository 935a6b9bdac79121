import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { nowIso } from '../db/values.js';
import { badRequest, notConfigured } from '../errors.js';
import type { ImageStore } from '../services/media/image-store.js';
import { originOf, providerError } from './provider.js';

interface PexelsPhoto {
  id: number;
  alt?: string | null;
  photographer: string;
  src: { small: string; medium: string; large: string; [size: string]: string };
}

const PER_PAGE = 30;

/** Pexels stock photos: its REST API with the key in the Authorization header; photos are saved into our uploads. */
export function createPexels(db: Db, config: Config, images: ImageStore) {
  const apiOrigin = originOf(config.pexels.apiBase, 'https://api.pexels.com');
  // Photos may be saved only from Pexels' image host, or from the override's origin in its place.
  const imageOrigin = originOf(config.pexels.apiBase, 'https://images.pexels.com');

  async function get(path: string, params: Record<string, string>) {
    if (!config.pexels.apiKey) throw notConfigured('Pexels');
    const url = new URL(`/v1/${path}`, apiOrigin);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: config.pexels.apiKey }, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw providerError('Pexels', (error as Error).name === 'TimeoutError' ? 'the request timed out' : 'could not be reached');
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw providerError('Pexels', response.status === 401 ? 'the API key was refused' : response.status === 429 ? 'too many requests, try again later' : `answered ${response.status} ${text.slice(0, 200)}`);
    }
    const body = (await response.json()) as { photos?: PexelsPhoto[] };
    return {
      photos: (body.photos ?? []).map((photo) => ({
        id: photo.id,
        alt: photo.alt ?? '',
        photographer: photo.photographer,
        src: { small: photo.src.small, medium: photo.src.medium, large: photo.src.large },
      })),
    };
  }

  return {
    search: (query: string, page = 1) => get('search', { query, per_page: String(PER_PAGE), page: String(page), locale: 'sv-SE' }),
    curated: (page = 1) => get('curated', { per_page: String(PER_PAGE), page: String(page) }),

    async save(input: { imageUrl: string; photographer: string; alt?: string; pexelsId: number | string }) {
      if (!config.pexels.apiKey) throw notConfigured('Pexels');
      const url = new URL(input.imageUrl);
      if (url.origin !== imageOrigin) throw badRequest(`Only photos from ${imageOrigin} can be saved`);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'error' });
      } catch {
        throw providerError('Pexels', 'the photo could not be downloaded');
      }
      if (!response.ok || !response.body) throw providerError('Pexels', `the photo could not be downloaded (${response.status})`);
      const stored = await images.fromResponse(response.body);
      const credit = `Foto: ${input.photographer} / Pexels`;
      await db('mediaCredits').insert({ url: stored.url, credit, alt: input.alt ?? null, source: 'pexels', sourceId: String(input.pexelsId), createdAt: nowIso() });
      return { localUrl: stored.url, credit, alt: input.alt ?? '', variants: stored.variants };
    },
  };
}

export type Pexels = ReturnType<typeof createPexels>;
