import sharp from 'sharp';
import { startStandIn } from './http-stand-in.js';

export type OpenAiBehaviour = 'ok' | 'not-json' | 'wrong-shape' | 'unauthorized' | 'rate-limited' | 'slow';

/** An OpenAI-compatible server: chat completions with structured output, and image generations. */
export async function startOpenAiStandIn(apiKey: string) {
  let behaviour: OpenAiBehaviour = 'ok';
  const png = (await sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer()).toString('base64');

  const completion = (model: string, content: string) => ({
    id: 'chatcmpl-stand-in', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 900, total_tokens: 1000 },
  });

  const standIn = await startStandIn(async (request) => {
    if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, 3000));
    if (request.headers.authorization !== `Bearer ${apiKey}` || behaviour === 'unauthorized') {
      return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    }
    if (behaviour === 'rate-limited') {
      return { status: 429, json: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } } };
    }
    const body = JSON.parse(request.body || '{}') as {
      model: string; messages: { role: string; content: string }[]; response_format?: { json_schema?: { name: string } };
    };
    if (request.method === 'POST' && request.path === '/v1/chat/completions') {
      if (behaviour === 'not-json') return { json: completion(body.model, 'Här är din artikel!') };
      if (behaviour === 'wrong-shape') return { json: completion(body.model, JSON.stringify({ headline: 'Fel fält' })) };
      const name = body.response_format?.json_schema?.name;
      if (name === 'topics') {
        return { json: completion(body.model, JSON.stringify({ topics: ['Elpriset i vinter', 'Bostadsbyggandet stannar', 'Skolvalet ses över'] })) };
      }
      // 850 words in 5 paragraphs: the read time is computed from them (about 4 minutes).
      const paragraph = Array.from({ length: 170 }, (_, i) => (i % 10 === 0 ? 'Kommunen' : 'ord')).join(' ');
      return { json: completion(body.model, JSON.stringify({
        title: 'Ny rubrik om ämnet', excerpt: 'En kort ingress om ämnet.', content: Array.from({ length: 5 }, () => paragraph).join('\n\n'),
      })) };
    }
    if (request.method === 'POST' && request.path === '/v1/images/generations') {
      return { json: { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png, revised_prompt: 'reviderad' }] } };
    }
    return undefined;
  });
  return { ...standIn, behave: (next: OpenAiBehaviour) => { behaviour = next; } };
}
