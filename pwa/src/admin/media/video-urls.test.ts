import { describe, expect, it } from 'vitest';
import { manualVideos, youTubeVideoId } from './video-urls';

describe('youTubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=a_b-c1234XY', 'a_b-c1234XY'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['  youtu.be/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads %s', (address, id) => {
    expect(youTubeVideoId(address)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/@redaktion',
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/123456789',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'not a url at all',
  ])('drops %s', (address) => {
    expect(youTubeVideoId(address)).toBeNull();
  });
});

describe('manualVideos', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');

  it('turns one address per line into placeholder items, ignoring blank lines and unknown forms', () => {
    const text = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n   \nhttps://example.com/video\r\nhttps://youtu.be/a_b-c1234XY\n';
    expect(manualVideos(text, undefined, now)).toEqual([
      {
        id: 'dQw4w9WgXcQ', videoId: 'dQw4w9WgXcQ', title: 'Video 1', description: 'Loading description...',
        thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', duration: '0:00', isLive: false, publishedAt: '2026-03-01T10:00:00.000Z', viewCount: null,
      },
      {
        id: 'a_b-c1234XY', videoId: 'a_b-c1234XY', title: 'Video 2', description: 'Loading description...',
        thumbnail: 'https://i.ytimg.com/vi/a_b-c1234XY/hqdefault.jpg', duration: '0:00', isLive: false, publishedAt: '2026-03-01T10:00:00.000Z', viewCount: null,
      },
    ]);
  });

  it('uses the placeholders it is given (the Swedish catalogue)', () => {
    const [video] = manualVideos('https://youtu.be/dQw4w9WgXcQ', { title: (n) => `Video ${n} (sv)`, description: 'Laddar beskrivning…' }, now);
    expect(video).toMatchObject({ title: 'Video 1 (sv)', description: 'Laddar beskrivning…' });
  });

  it('gives nothing for an empty list', () => {
    expect(manualVideos('\n \n')).toEqual([]);
  });
});
