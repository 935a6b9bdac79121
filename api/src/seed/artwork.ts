import { createHash } from 'node:crypto';

/**
 * Demo artwork drawn as SVG: no remote images, nothing to download. Each picture is derived
 * from its subject (a hash picks the shapes), so a re-seed draws the same publication.
 */

const PALETTES: Record<string, [string, string, string]> = {
  news: ['#0b2545', '#1d4ed8', '#93c5fd'],
  politics: ['#3b0d0c', '#b42318', '#fca5a5'],
  society: ['#06302b', '#0f766e', '#99f6e4'],
  culture: ['#2e1065', '#7c3aed', '#ddd6fe'],
  business: ['#3d2400', '#9a5b00', '#fcd34d'],
  technology: ['#082f49', '#0369a1', '#7dd3fc'],
  opinion: ['#1f2937', '#4b5563', '#e5e7eb'],
  people: ['#500724', '#be185d', '#fbcfe8'],
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function numbers(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest();
  let index = 0;
  return () => {
    if (index >= state.length) {
      state = createHash('sha256').update(state).digest();
      index = 0;
    }
    return state[index++]! / 255;
  };
}

const palette = (category: string) => PALETTES[category] ?? PALETTES.news!;

/** A wide editorial illustration: gradient, soft circles and lines, and a caption band. */
export function coverArt(subject: string, category: string, label: string, width = 1600, height = 900): string {
  const [dark, mid, light] = palette(category);
  const next = numbers(subject);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const r = Math.round((0.08 + next() * 0.3) * height);
    shapes.push(`<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height)}" r="${r}" fill="${i % 2 ? light : mid}" opacity="${(0.12 + next() * 0.25).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 5; i += 1) {
    const y = Math.round(next() * height);
    shapes.push(`<path d="M0 ${y} C ${width * 0.3} ${y - 120 * next()}, ${width * 0.6} ${y + 160 * next()}, ${width} ${y - 40}" stroke="${light}" stroke-width="${2 + Math.round(next() * 6)}" fill="none" opacity="0.35"/>`);
  }
  // The caption shrinks to fit the width (roughly 0.55 em per character in a serif).
  const fontSize = Math.round(Math.min(height / 14, (width * 0.9) / Math.max(1, label.length * 0.55)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>`
    + `<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}`
    + `<rect x="0" y="${height - fontSize * 2.2}" width="100%" height="${fontSize * 2.2}" fill="${dark}" opacity="0.55"/>`
    + `<text x="${fontSize}" y="${height - fontSize * 0.8}" font-family="Georgia, serif" font-size="${fontSize}" fill="#fff">${escapeXml(label)}</text>`
    + '</svg>';
}

/** A square portrait: a stylised head and shoulders on the category's colours, with initials. */
export function portrait(name: string, category: string, size = 800): string {
  const [dark, mid, light] = palette(category);
  const next = numbers(name);
  const initials = name.split(/\s+/).map((part) => part[0] ?? '').join('').slice(0, 2).toUpperCase();
  const skin = ['#f1c7a5', '#d9a27c', '#a86f4c', '#7a4a2e', '#f5d6c0'][Math.floor(next() * 5)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">`
    + `<rect width="100" height="100" fill="${mid}"/><circle cx="${20 + next() * 60}" cy="${10 + next() * 30}" r="30" fill="${light}" opacity="0.25"/>`
    + `<path d="M18 100 C 20 64, 80 64, 82 100 Z" fill="${dark}"/><circle cx="50" cy="45" r="17" fill="${skin}"/>`
    + `<path d="M33 42 C 33 22, 67 22, 67 42 C 62 33, 40 33, 33 42 Z" fill="${dark}" opacity="0.85"/>`
    + `<text x="92" y="94" text-anchor="end" font-family="system-ui, sans-serif" font-size="9" fill="#fff" opacity="0.8">${escapeXml(initials)}</text>`
    + '</svg>';
}
