import { describe, expect, it } from 'vitest';
import { articleInputSchema, LIVE_ENTRY_MAX_CHARS } from '@redaktion/shared';
import { IPC_CHANNELS } from '../bridge.js';
import { ipcRequestSchemas, isIpcChannel, isTrustedSender, parseRequest } from './ipc-contract.js';

describe('the IPC contract', () => {
  it('has a schema for every channel the bridge can send, and no other', () => {
    expect(Object.keys(ipcRequestSchemas).sort()).toEqual([...IPC_CHANNELS].sort());
    expect(isIpcChannel('uploads:add')).toBe(true);
    for (const channel of ['toString', '__proto__', 'shell:exec', 42]) expect(isIpcChannel(channel)).toBe(false);
  });

  it('answers only frames of the app', () => {
    expect(isTrustedSender({ url: 'app://redaktion/interviews' })).toBe(true);
    for (const url of ['https://evil.example/?app://redaktion', 'app://evil/', 'file:///index.html', 'about:blank']) {
      expect(isTrustedSender({ url }), url).toBe(false);
    }
    expect(isTrustedSender(null)).toBe(false);
  });

  it('refuses malformed or extra fields with a clear message', () => {
    expect(parseRequest('uploads:add', { paths: ['/videos/a.mp4'] })).toEqual({ paths: ['/videos/a.mp4'] });
    expect(() => parseRequest('uploads:add', { paths: [] })).toThrow(/Invalid uploads:add message: paths/);
    expect(() => parseRequest('links:open', { url: 'https://x', extra: 1 })).toThrow(/Invalid links:open message/);
    expect(() => parseRequest('drafts:resolve', { clientId: 'not-a-uuid', keep: 'mine' })).toThrow(/clientId/);
    expect(() => parseRequest('drafts:resolve', { clientId: crypto.randomUUID(), keep: 'both' })).toThrow(/keep/);
    expect(parseRequest('profiles:list', undefined)).toEqual({});
  });

  it('takes an unfinished draft, but none longer than the shared article schema allows', () => {
    const fields = { title: '', excerpt: '', content: ' ', category: 'news', author: 'Anna Lind' };
    expect(parseRequest('drafts:save', { fields })).toEqual({ fields });
    const limit = articleInputSchema.shape.title.maxLength!;
    expect(parseRequest('drafts:save', { fields: { ...fields, title: 'x'.repeat(limit) } })).toBeTruthy();
    expect(() => parseRequest('drafts:save', { fields: { ...fields, title: 'x'.repeat(limit + 1) } })).toThrow(/Invalid drafts:save message: fields.title/);
  });

  it('takes a live entry as the console wrote it, for a real article, none longer than the shared schema allows', () => {
    const entry = { content: 'Vinden ökar.', title: null, keyEvent: false, pinned: true, breaking: true };
    const clientId = crypto.randomUUID();
    expect(parseRequest('live:post', { articleId: 7, clientId, entry })).toEqual({ articleId: 7, clientId, entry });
    expect(() => parseRequest('live:post', { articleId: 0, clientId, entry })).toThrow(/Invalid live:post message: articleId/);
    expect(() => parseRequest('live:post', { articleId: 7, clientId: 'x', entry })).toThrow(/clientId/);
    expect(() => parseRequest('live:post', { articleId: 7, clientId, entry: { ...entry, content: 'x'.repeat(LIVE_ENTRY_MAX_CHARS + 1) } }))
      .toThrow(/Invalid live:post message: entry.content/);
    expect(() => parseRequest('live:post', { articleId: 7, clientId, entry: { ...entry, author: 'Anna' } })).toThrow(/Invalid live:post message/);
    expect(parseRequest('live:list', { articleId: 7 })).toEqual({ articleId: 7 });
  });
});
