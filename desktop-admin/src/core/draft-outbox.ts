import { randomUUID } from 'node:crypto';
import { articleInputSchema } from '@redaktion/shared';
import { z } from 'zod';
import { Outbox, outboxItemFields } from './outbox.js';
import { jsonAnswer, type ServerCall } from './server-connection.js';

/**
 * Article drafts written (or generated) on the desktop: kept on disk first, sent when the server answers.
 * A draft carries a stable `clientId`, so sending it twice never makes two articles; a later edit is sent
 * with `If-Match`, and when someone changed the article on the server meanwhile (412) the draft holds both
 * versions until the editor chooses one.
 */
const ARTICLE = articleInputSchema.shape;
/**
 * A draft may be unfinished (blank, untrimmed: the server judges it when it is sent), but is never longer than the
 * article it becomes: each field takes its limit from the shared article schema.
 */
const draftText = (field: z.ZodString) => z.string().max(field.maxLength!);
export const draftFieldsSchema = z.object({
  title: draftText(ARTICLE.title),
  excerpt: draftText(ARTICLE.excerpt),
  content: draftText(ARTICLE.content),
  category: draftText(ARTICLE.category),
  author: draftText(ARTICLE.author),
});
export type DraftFields = z.infer<typeof draftFieldsSchema>;

export const draftStates = ['pending', 'sent', 'conflict', 'refused'] as const;

export const draftSchema = z.object({
  ...outboxItemFields,
  fields: draftFieldsSchema,
  state: z.enum(draftStates),
  /** The article on the server, once created. */
  articleId: z.number().nullable(),
  /** The server's version this draft was based on (its ETag and fields), what an update starts from. */
  etag: z.string().nullable(),
  base: z.record(z.string(), z.unknown()).nullable(),
  /** On a conflict: the server's current text, shown beside the editor's. */
  theirs: draftFieldsSchema.nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

const INPUT_KEYS = Object.keys(articleInputSchema.shape);
const textOf = (article: Record<string, unknown>): DraftFields => draftFieldsSchema.parse({
  title: article.title ?? '', excerpt: article.excerpt ?? '', content: article.content ?? '',
  category: article.category ?? '', author: article.author ?? '',
});

export class DraftOutbox {
  private readonly outbox: Outbox<Draft>;

  constructor(file: string, private readonly serverCall: ServerCall, private readonly profileId: () => string | null) {
    this.outbox = new Outbox({ file, key: 'drafts', item: draftSchema, profileId, send: (draft) => this.send(draft) });
  }

  list(): Promise<Draft[]> {
    return this.outbox.list();
  }

  /** Keeps a new or edited draft on this computer; `flush()` sends it. */
  async save(input: { clientId?: string; fields: DraftFields }): Promise<Draft> {
    const profileId = this.profileId();
    if (!profileId) throw new Error('Choose a server first');
    const drafts = await this.outbox.items();
    let draft = input.clientId ? drafts.find((candidate) => candidate.clientId === input.clientId) : undefined;
    if (!draft) {
      draft = {
        clientId: randomUUID(), profileId, fields: input.fields, state: 'pending', articleId: null, etag: null, base: null,
        theirs: null, error: null, updatedAt: Date.now(),
      };
      drafts.push(draft);
    } else {
      draft.fields = input.fields;
      // A draft in conflict stays so until the editor chooses; an edit keeps "mine" up to date.
      if (draft.state !== 'conflict') draft.state = 'pending';
      draft.error = null;
      draft.updatedAt = Date.now();
    }
    await this.outbox.persist();
    return structuredClone(draft);
  }

  remove(clientId: string): Promise<void> {
    return this.outbox.remove((draft) => draft.clientId === clientId);
  }

  /** The editor's choice on a conflict: keep their own text (sent over the server's current version) or take the server's. */
  async resolve(clientId: string, keep: 'mine' | 'theirs'): Promise<void> {
    const draft = (await this.outbox.items()).find((candidate) => candidate.clientId === clientId);
    if (!draft || draft.state !== 'conflict' || draft.articleId === null) return;
    const current = await this.fetchArticle(draft.articleId);
    draft.base = current.article;
    draft.etag = current.etag;
    draft.theirs = null;
    draft.error = null;
    if (keep === 'theirs') draft.fields = textOf(current.article);
    draft.state = keep === 'theirs' ? 'sent' : 'pending';
    await this.outbox.persist();
    if (keep === 'mine') await this.flush();
  }

  /** Sends every pending draft of the active server; those that cannot reach it stay pending. */
  flush(): Promise<void> {
    return this.outbox.flush();
  }

  /** Sends one draft; answers what it became (the server refusing it throws). */
  private async send(draft: Draft): Promise<'sent' | 'conflict'> {
    if (draft.articleId === null) {
      const created = await jsonAnswer<{ id: number }>(await this.serverCall('/api/admin/articles', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...draft.fields, status: 'draft', clientId: draft.clientId }),
      }));
      draft.articleId = created.id;
    } else {
      const base = Object.fromEntries(INPUT_KEYS.filter((key) => draft.base?.[key] !== undefined && draft.base?.[key] !== null)
        .map((key) => [key, draft.base![key]]));
      const response = await this.serverCall(`/api/admin/articles/${draft.articleId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(draft.etag ? { 'if-match': draft.etag } : {}) },
        body: JSON.stringify({ ...base, ...draft.fields }),
      });
      if (response.status === 412) {
        const body = await response.json() as { current?: Record<string, unknown> };
        draft.theirs = body.current ? textOf(body.current) : null;
        draft.error = 'The article was changed on the server meanwhile: choose which version to keep';
        return 'conflict';
      }
      await jsonAnswer(response);
    }
    const current = await this.fetchArticle(draft.articleId);
    draft.base = current.article;
    draft.etag = current.etag;
    return 'sent';
  }

  private async fetchArticle(id: number): Promise<{ article: Record<string, unknown>; etag: string | null }> {
    const response = await this.serverCall(`/api/admin/articles/${id}`, { headers: { accept: 'application/json' } });
    const article = await jsonAnswer<Record<string, unknown>>(response);
    return { article, etag: response.headers.get('etag') };
  }
}
