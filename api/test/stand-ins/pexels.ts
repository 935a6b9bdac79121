import sharp from 'sharp';
import { startStandIn } from './http-stand-in.js';

/** The Pexels API (search and curated, key in Authorization) and its image host, on one origin. */
export async function startPexelsStandIn(apiKey: string) {
  const jpeg = await sharp({ create: { width: 1880, height: 1253, channels: 3, background: { r: 60, g: 110, b: 70 } } }).jpeg().toBuffer();
  let origin = '';
  const photo = (id: number, alt: string) => {
    const base = `${origin}/photos/${id}/pexels-photo-${id}.jpeg`;
    return {
      id, width: 1880, height: 1253, url: `https://www.pexels.com/photo/${id}/`, photographer: `Fotograf ${id}`,
      photographer_url: `https://www.pexels.com/@fotograf-${id}`, photographer_id: id, avg_color: '#3C6E46', liked: false, alt,
      src: {
        original: base, large2x: `${base}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`, large: `${base}?auto=compress&cs=tinysrgb&h=650&w=940`,
        medium: `${base}?auto=compress&cs=tinysrgb&h=350`, small: `${base}?auto=compress&cs=tinysrgb&h=130`,
        portrait: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`, landscape: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
        tiny: `${base}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
      },
    };
  };
  const standIn = await startStandIn((request) => {
    if (request.path.startsWith('/photos/')) return { body: jpeg, type: 'image/jpeg' };
    if (request.headers.authorization !== apiKey) return { status: 401, json: { error: 'Unauthorized' } };
    if (request.path === '/v1/search') {
      const query = request.query.get('query') ?? '';
      const photos = query === 'ingenting' ? [] : [photo(1001, `${query} vid vattnet`), photo(1002, `${query} i skymning`)];
      return { json: { page: 1, per_page: Number(request.query.get('per_page') ?? 15), photos, total_results: photos.length } };
    }
    if (request.path === '/v1/curated') return { json: { page: 1, per_page: 15, photos: [photo(2001, 'Stockholm från ovan')] } };
    return undefined;
  });
  origin = standIn.origin;
  return standIn;
}
