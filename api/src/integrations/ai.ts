import { contentWords } from '@redaktion/shared/content';
import { AI_LENGTHS, generatedArticleSchema, LIMITS, type ArticleCategory } from '@redaktion/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { nowIso } from '../db/values.js';
import type { ImageStore, StoredImage } from '../services/media/image-store.js';
import { openAiBaseUrl, openAiCaller } from './openai-client.js';
import { providerError } from './provider.js';

const WORDS_PER_MINUTE = 200;

const CATEGORY_NAMES: Record<string, string> = {
  news: 'nyheter', politics: 'politik', society: 'samhälle', culture: 'kultur', business: 'ekonomi och näringsliv',
  technology: 'teknik', opinion: 'opinion',
};
const TYPE_NAMES: Record<string, string> = { news: 'nyhetsartikel', opinion: 'debattartikel', analysis: 'analys', feature: 'reportage' };

/** The read time of a text, from the words it actually has. */
export const readTimeOf = (text: string) =>
  Math.min(LIMITS.readTimeMax, Math.max(LIMITS.readTimeMin, Math.round(text.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE)));

const topicsSchema = z.object({ topics: z.array(z.string().min(1)).min(1).max(12) });

/** JSON Schema for structured output: every property required and nothing else, as strict mode wants. */
const responseFormat = (name: string, schema: z.ZodType) => ({
  type: 'json_schema' as const,
  json_schema: { name, strict: true, schema: { ...(z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>), additionalProperties: false } },
});

/** The AI generator through the official openai package; OPENAI_BASE_URL reaches any OpenAI-compatible server. */
export function createAiGenerator(db: Db, config: Config, images: ImageStore) {
  const { assertConfigured, call } = openAiCaller('The AI generator', { ...config.openai, configured: Boolean(config.openai.apiKey) });

  /** Asks for JSON in a schema and checks the reply against it. */
  async function structured<T>(model: string, name: string, schema: z.ZodType<T>, system: string, user: string): Promise<T> {
    const completion = await call((api) => api.chat.completions.create({
      model,
      messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
      response_format: responseFormat(name, schema),
    }));
    const text = completion.choices[0]?.message?.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw providerError('AI provider', 'the reply was not the JSON that was asked for');
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw providerError('AI provider', `the reply did not match the expected form (${result.error.issues[0]?.message ?? 'invalid'})`);
    return result.data;
  }

  const recentHeadlines = async (category: string) =>
    (await db('articles').where({ category }).orderBy('createdAt', 'desc').limit(20).pluck('title')) as string[];

  return {
    /** Throws the 503 of an unconfigured generator, so that no job is queued that can only fail. */
    assertConfigured,

    async generateArticle(input: { topic: string; tone?: string; length: keyof typeof AI_LENGTHS; category: string; articleType: string; customGptModel?: string }) {
      const [min, max] = AI_LENGTHS[input.length];
      const system = 'Du är skribent på Redaktion, en seriös svensk nyhetspublikation. Skriv på idiomatisk svenska, sakligt och korrekt. '
        + 'Hitta inte på citat från verkliga namngivna personer. Svara endast med JSON enligt schemat: title (rubrik), '
        + 'excerpt (ingress, högst 30 ord) och content (brödtext i Markdown: stycken skiljs åt av en tom rad; använd ## för '
        + 'mellanrubriker där texten tjänar på det, **fetstil** och *kursiv* sparsamt, punktlistor med "- ", och där det passar en '
        + 'faktaruta som börjar med raden ":::factbox[Fakta]" och slutar med raden ":::". Inga bilder, ingen HTML, inga andra format).';
      const user = `Skriv en ${TYPE_NAMES[input.articleType] ?? 'artikel'} i kategorin ${CATEGORY_NAMES[input.category] ?? input.category} `
        + `om: ${input.topic}. Längd: ${min}–${max} ord.${input.tone ? ` Ton: ${input.tone}.` : ''}`;
      const article = await structured(input.customGptModel ?? config.openai.textModel, 'article', generatedArticleSchema, system, user);
      const content = article.content.replace(/\r\n/g, '\n').trim();
      return { title: article.title.trim(), excerpt: article.excerpt.trim(), content, readTime: readTimeOf(contentWords(content)) };
    },

    async generateImage(input: { prompt: string; style?: string; size: '1024x1024' | '1792x1024' | '1024x1792' }): Promise<StoredImage> {
      const model = config.openai.imageModel ?? 'dall-e-3';
      const prompt = input.style ? `${input.prompt}. Stil: ${input.style}` : input.prompt;
      const result = await call((api) => api.images.generate({ model, prompt, size: input.size, n: 1, response_format: 'b64_json' }));
      const image = result.data?.[0];
      if (!image?.b64_json && !image?.url) throw providerError('AI provider', 'no image came back');
      // Remote AI image URLs expire: the picture is kept in our own uploads (contract.md §3).
      const stored = image.b64_json
        ? await images.fromBytes(Buffer.from(image.b64_json, 'base64'))
        : await downloadFromProvider(image.url!);
      await db('mediaCredits').insert({ url: stored.url, credit: `AI-genererad bild (${model})`, alt: input.prompt.slice(0, 500), source: 'ai', createdAt: nowIso() });
      return stored;
    },

    async topicSuggestions(category: ArticleCategory | string): Promise<{ topics: string[] }> {
      const headlines = await recentHeadlines(category);
      const system = 'Du är nyhetschef på Redaktion, en svensk nyhetspublikation. Föreslå aktuella, konkreta ämnen för nya artiklar. '
        + 'Svara endast med JSON: {"topics": [8 korta ämnen på svenska]}.';
      const user = `Kategori: ${CATEGORY_NAMES[category] ?? category}.`
        + (headlines.length ? ` Vi har nyligen publicerat följande; föreslå inget av detta igen:\n- ${headlines.join('\n- ')}` : '');
      return structured(config.openai.textModel, 'topics', topicsSchema, system, user);
    },
  };

  /** When a server answers with a URL instead of bytes, the image is fetched from that server only. */
  async function downloadFromProvider(url: string): Promise<StoredImage> {
    const allowed = new URL(openAiBaseUrl(config.openai.baseUrl) ?? 'https://api.openai.com').origin;
    const target = new URL(url);
    const providerHosts = [allowed, 'https://oaidalleapiprodscus.blob.core.windows.net'];
    if (!providerHosts.includes(target.origin)) throw providerError('AI provider', 'the image came from an unexpected address');
    const response = await fetch(target, { signal: AbortSignal.timeout(config.openai.timeoutMs) });
    if (!response.ok || !response.body) throw providerError('AI provider', `the image could not be downloaded (${response.status})`);
    return images.fromResponse(response.body);
  }
}

export type AiGenerator = ReturnType<typeof createAiGenerator>;
