import { describe, expect, it } from 'vitest';
import { externalUrl, isAppUrl, isLoopbackHost } from './trusted-url.js';

describe('trusted URLs', () => {
  it('rejects misleading addresses as pages of the app (the cases of Actual Budget)', () => {
    for (const url of [
      'https://evil.example/?next=app://redaktion',
      'https://evil.example/app://redaktion/',
      'http://localhost.evil.example:3001',
      'app://evil',
      'app://redaktion.evil',
      'app://redaktion:3001',
      'app://user@redaktion',
      'app://user:pass@redaktion/',
      'file:///tmp/app.html',
      'invalid',
      '',
    ]) expect(isAppUrl(url), url).toBe(false);
    expect(isAppUrl(42)).toBe(false);
  });

  it('accepts the app origin with any path', () => {
    expect(isAppUrl('app://redaktion/')).toBe(true);
    expect(isAppUrl('app://redaktion/interviews?tab=videos#x')).toBe(true);
  });

  it('hands only http(s) links to the system browser, as parsed', () => {
    expect(externalUrl('https://redaktion.se/articles/1')).toBe('https://redaktion.se/articles/1');
    expect(externalUrl('http://example.invalid/?next=app://redaktion')).toBe('http://example.invalid/?next=app://redaktion');
    expect(externalUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b');
    for (const url of [
      'javascript:alert(1)', 'file:///etc/passwd', 'app://redaktion/', 'smb://server/share', 'data:text/html,<b>x</b>',
      'https://user:pass@example.com/', 'mailto:x@example.com', 'not a url', '//example.com/', '',
    ]) expect(externalUrl(url), url).toBeNull();
    expect(externalUrl({ href: 'https://example.com' })).toBeNull();
  });

  it('knows loopback hosts by their parsed name', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.1', 'example.com', '128.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
