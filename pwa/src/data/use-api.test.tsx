import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiPath } from '@redaktion/shared/client';
import { ApiCache, ApiCacheProvider, useApi } from './api-cache';

afterEach(cleanup);

function Title() {
  const { data, loading } = useApi('/api/articles/1' as ApiPath<{ title: string }>);
  return <p>{loading ? 'laddar' : data?.title}</p>;
}

describe('useApi', () => {
  it('reads again when the answer on screen is forgotten (logging in or out invalidates the cache)', async () => {
    let title = 'Före';
    const cache = new ApiCache(createApiClient({
      baseUrl: 'http://site.test',
      fetch: async () => new Response(JSON.stringify({ title }), { status: 200 }),
    }));
    render(<ApiCacheProvider cache={cache}><Title /></ApiCacheProvider>);
    expect(await screen.findByText('Före')).toBeTruthy();
    title = 'Efter';
    act(() => cache.invalidate());
    expect(await screen.findByText('Efter')).toBeTruthy();
  });
});
