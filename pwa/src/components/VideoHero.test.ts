import { describe, expect, it } from 'vitest';
import type { CustomVideo } from '@redaktion/shared';
import { heroSlides, nextSlide } from './VideoHero';

const custom = (slug: string): CustomVideo => ({
  id: 1, slug, title: slug, description: '', videoUrl: `/uploads/${slug}.webm`, thumbnailUrl: null, duration: '0:10', active: true, priority: 0, createdAt: '',
});
const builtIn = [1, 2, 3].map((n) => ({ key: `builtin-${n}`, title: '', description: '', href: '/news', poster: null, videoUrl: `/media/hero/${n}.webm`, youTubeId: null }));
const channel = (videoId: string) => ({ videoId, title: videoId, description: '', thumbnail: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg` });

describe('the hero carousel', () => {
  it('takes channel videos first, then custom videos, at most two', () => {
    expect(heroSlides([channel('aaaaaaaaaaa'), channel('bbbbbbbbbbb'), channel('ccccccccccc')], [custom('x')], builtIn).map((s) => s.href))
      .toEqual(['/watch/aaaaaaaaaaa', '/watch/bbbbbbbbbbb']);
    expect(heroSlides([], [custom('veckan'), custom('klimat'), custom('tredje')], builtIn).map((s) => s.href)).toEqual(['/watch/veckan', '/watch/klimat']);
  });

  it('falls back to the two built-in videos when there are neither channel nor custom videos', () => {
    expect(heroSlides(undefined, [], builtIn).map((s) => s.key)).toEqual(['builtin-1', 'builtin-2']);
  });

  it('cycles over the slides', () => {
    expect([0, 1].map((i) => nextSlide(i, 2))).toEqual([1, 0]);
    expect(nextSlide(0, 1)).toBe(0);
    expect(nextSlide(3, 0)).toBe(0);
  });
});
