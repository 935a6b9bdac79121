import type OpenAI from 'openai';
import { notConfigured } from '../errors.js';
import { callProvider } from './provider.js';

/** OpenAI's client wants the API root; a bare origin (contract.md §1) means its /v1. */
export function openAiBaseUrl(base: string | null): string | undefined {
  if (!base) return undefined;
  const url = new URL(base);
  return url.pathname === '/' ? `${url.origin}/v1` : base.replace(/\/$/, '');
}

/** Where an OpenAI-compatible server is and how to reach it. */
export interface OpenAiSettings { configured: boolean; apiKey: string | null; baseUrl: string | null; timeoutMs: number }

/**
 * Calls through the official openai package to one OpenAI-compatible server, for the integration `name` (text and
 * images, or speech). The SDK loads with the first call: the server starts without it, and never loads it unconfigured.
 * A provider's failure becomes a 502 with its message; an unconfigured integration a 503.
 */
export function openAiCaller(name: string, settings: OpenAiSettings) {
  let sdk: Promise<typeof OpenAI> | null = null;
  let client: OpenAI | null = null;

  const assertConfigured = (): void => {
    if (!settings.configured) throw notConfigured(name);
  };

  async function call<T>(work: (api: OpenAI, Sdk: typeof OpenAI) => Promise<T>): Promise<T> {
    assertConfigured();
    const Sdk = await (sdk ??= import('openai').then((module) => module.default));
    // A server of the newsroom's own may take no key; the SDK wants one all the same.
    client ??= new Sdk({ apiKey: settings.apiKey ?? 'none', baseURL: openAiBaseUrl(settings.baseUrl), timeout: settings.timeoutMs, maxRetries: 1 });
    const api = client;
    return callProvider('AI provider', (error) => (error instanceof Sdk.APIConnectionTimeoutError ? 'the request timed out'
      : error instanceof Sdk.APIError ? error.message : null), () => work(api, Sdk));
  }

  return { assertConfigured, call };
}
