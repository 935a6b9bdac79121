import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@redaktion/shared/client';
import { ApiCache } from '../data/api-cache';
import type { Device } from '../device/device';
import { AppProviders } from '../services/context';
import { createSessionStore } from '../state/session';
import { createSettingsStore } from '../state/settings';
import Transcript from './Transcript';

// jsdom has no VTTCue, on which media-captions builds its cues in a browser: a stand-in holding what a cue holds.
vi.hoisted(() => {
  class VTTCue extends EventTarget {
    constructor(readonly startTime: number, readonly endTime: number, readonly text: string) {
      super();
    }
  }
  Object.assign(window, { VTTCue });
});

const URL_ = '/feeds/transcripts/4.vtt';
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:06.000\nVälkomna till <b>Morgonekot</b>.\n\n00:00:06.000 --> 00:00:12.000\nElpriset skiljer sig mellan norr och söder.\n';

/** The device's copy of what the reader has seen, as the api-cache's store keeps it. */
function deviceStandIn(kept: Record<string, unknown> = {}): Device {
  return {
    open: () => Promise.reject(new Error('The transcript reads the kept answers only')),
    signedOut: async () => undefined,
    signedIn: async () => undefined,
    responses: {
      get: async (path) => (path in kept ? { data: kept[path], savedAt: 1 } : undefined),
      put: async (path, data) => { kept[path] = data; },
      putMany: async () => undefined,
      remove: async () => undefined,
    },
  };
}

function renderTranscript(device: Device, current: number | null = null) {
  const api = createApiClient({ baseUrl: 'http://site.test', fetch: async () => new Response('{}', { status: 404 }) });
  const services = { api, cache: new ApiCache(api), session: createSessionStore(null), settings: createSettingsStore({ locale: 'sv', darkMode: false }), device };
  const playFrom = vi.fn();
  render(<AppProviders services={services}><Transcript url={URL_} current={current} playFrom={playFrom} /></AppProviders>);
  return { playFrom };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the transcript under the episode player', () => {
  it('shows each cue as text, marks the one spoken, plays from a cue, and keeps the lines holding the words searched', async () => {
    const fetched = vi.fn(async () => new Response(VTT, { status: 200, headers: { 'Content-Type': 'text/vtt' } }));
    vi.stubGlobal('fetch', fetched);
    const kept: Record<string, unknown> = {};
    const { playFrom } = renderTranscript(deviceStandIn(kept), 7);
    await screen.findByText('Välkomna till <b>Morgonekot</b>.');
    expect(fetched).toHaveBeenCalledWith(URL_, { credentials: 'same-origin' });
    const region = screen.getByRole('region', { name: 'Transkription' });
    expect(within(region).getByRole('button', { name: /Elpriset skiljer sig/ }).getAttribute('aria-current')).toBe('true');
    expect(within(region).getByRole('button', { name: /Välkomna/ }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: 'Spela från 0:01 Välkomna till <b>Morgonekot</b>.' }));
    expect(playFrom).toHaveBeenCalledWith(1);

    fireEvent.change(within(region).getByRole('searchbox', { name: 'Sök i transkriptionen' }), { target: { value: 'NORR söder' } });
    expect(within(region).getByRole('status').textContent).toBe('1 träff');
    expect(within(region).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Spela från 0:06 Elpriset skiljer sig mellan norr och söder.']);
    expect(within(region).getAllByText(/norr|söder/, { selector: 'mark' }).map((mark) => mark.textContent)).toEqual(['norr', 'söder']);
    // Kept for the page offline.
    expect(kept[URL_]).toBe(VTT);
  });

  it('shows the copy kept on the device when the network is gone', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    renderTranscript(deviceStandIn({ [URL_]: VTT }));
    await screen.findByText('Elpriset skiljer sig mellan norr och söder.');
  });

  it('says so when it cannot be read at all', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    renderTranscript(deviceStandIn());
    expect((await screen.findByRole('alert')).textContent).toBe('Transkriptionen kunde inte läsas in.');
  });
});
