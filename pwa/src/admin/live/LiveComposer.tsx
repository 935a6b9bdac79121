import { Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { liveEntryInputSchema, type LiveEntry, type LiveEntryInput } from '@redaktion/shared';
import { ApiError } from '@redaktion/shared/client';
import { ArticleBodyEditor } from '../articles/editor/lazy';
import { useAdminT } from '../i18n';
import { useAdminClient, usePlatform, type QueuedLiveEntry } from '../platform';
import { failureText, useNotify } from '../ui/feedback';
import { Switch, TextInput, useSchemaForm } from '../ui/form';
import { Loading } from '../ui/QueryState';

/** The keys that send a live form (aria-keyshortcuts): Ctrl+Enter, and ⌘+Enter on a Mac. */
export const SEND_KEYS = 'Control+Enter Meta+Enter';

/**
 * A form's Ctrl/Cmd+Enter, from any of its fields. The text editor handles the keys itself (it hands over its
 * Markdown as it stands) and marks the event handled, so the form does not send twice.
 */
export const onSendKeys = (send: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
  event.preventDefault();
  send();
};

interface ComposerValues extends Record<string, unknown> { title: string; content: string; keyEvent: boolean; pinned: boolean; breaking: boolean }
const EMPTY: ComposerValues = { title: '', content: '', keyEvent: false, pinned: false, breaking: false };

/** What became of a new entry: on the server, or kept by the host until it answers. */
type Outcome = { published: LiveEntry } | { queued: QueuedLiveEntry };

/**
 * The live console's composer: an optional title, the text in the article editor (compact), the flags, and Publish
 * (Ctrl/Cmd+Enter from anywhere in it). Each entry carries a `clientId` of its own, kept until it is published, so
 * that publishing again after a lost answer never makes two. On a host with an outbox (the desktop app) every entry
 * goes through it, so that entries written offline and after go out in the order they were written.
 */
export function LiveComposer({ articleId, ended, dialogHost, onPublished, onQueued, onEnded }: {
  articleId: number; ended: boolean; dialogHost: HTMLElement | null;
  onPublished(entry: LiveEntry): void; onQueued(entry: QueuedLiveEntry): void; onEnded(): void;
}) {
  const t = useAdminT();
  const admin = useAdminClient();
  const { liveOutbox } = usePlatform();
  const notify = useNotify();
  const form = useSchemaForm(liveEntryInputSchema, EMPTY);
  const clientId = useRef(crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const shortcutId = useId();
  const { values, set, errors } = form;
  // After a publish the text takes the focus for the next entry, once the editor is editable again (its own effect,
  // which runs before this one).
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || form.busy) return;
    refocus.current = false;
    formRef.current?.querySelector<HTMLElement>('.editor-text, .editor-markdown')?.focus();
  });

  const send = async (body: LiveEntryInput & { clientId: string }): Promise<Outcome> => {
    const entry = { ...body, title: body.title || null };
    if (!liveOutbox) return { published: await admin.liveEntries.create(articleId, entry) };
    const kept = await liveOutbox.post(articleId, {
      clientId: body.clientId, content: body.content, title: entry.title, keyEvent: !!body.keyEvent, pinned: !!body.pinned, breaking: !!body.breaking,
    });
    if (kept.state === 'sent' && kept.published) return { published: kept.published };
    if (kept.state === 'pending') return { queued: kept };
    // Refused as it was sent: the text goes back to the composer, as a refusal does in the browser.
    await liveOutbox.discard(kept.clientId);
    throw new Error(kept.error ?? t('live.publishFailed'));
  };

  const publish = async (content = values.content) => {
    if (form.busy || ended) return;
    try {
      const outcome = await form.submit((body) => send({ ...body, clientId: clientId.current }), { content });
      if (!outcome) return;
      if ('published' in outcome) onPublished(outcome.published);
      else onQueued(outcome.queued);
      clientId.current = crypto.randomUUID();
      refocus.current = true;
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        notify.error(t('live.publishFailed'), t('live.endedRefusal'));
        onEnded();
      } else {
        notify.error(t('live.publishFailed'), error instanceof TypeError ? t('live.offline') : failureText(error, '', t) || undefined);
      }
    }
  };

  return (
    <section className="live-composer admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('live.composer')}</h2>
      {ended && <p className="admin-notice">{t('live.endedRefusal')}</p>}
      {/* No implicit submission: Enter in the title is no publish, Ctrl/Cmd+Enter and the button are. */}
      <form ref={formRef} className="live-composer-form" noValidate onSubmit={(event) => event.preventDefault()}
        onKeyDown={onSendKeys(() => void publish())}>
        <TextInput label={t('live.entryTitle')} value={values.title} onChange={(v) => set('title', v)} error={errors.title}
          disabled={form.busy || ended} />
        <Suspense fallback={<Loading />}>
          <ArticleBodyEditor compact label={t('live.text')} hint={t('live.textHint')} value={values.content}
            onChange={(v) => set('content', v)} error={errors.content} disabled={form.busy || ended} dialogHost={dialogHost}
            onSubmit={(markdown) => void publish(markdown)} />
        </Suspense>
        <Switch label={t('live.keyEvent')} hint={t('live.keyEventHint')} checked={values.keyEvent} disabled={form.busy || ended}
          onChange={(v) => set('keyEvent', v)} />
        <Switch label={t('live.pinned')} hint={t('live.pinnedHint')} checked={values.pinned} disabled={form.busy || ended}
          onChange={(v) => set('pinned', v)} />
        <Switch label={t('live.breaking')} hint={t('live.breakingHint')} checked={values.breaking} disabled={form.busy || ended}
          onChange={(v) => set('breaking', v)} />
        <div className="admin-form-actions live-composer-actions">
          <p className="field-hint" id={shortcutId}>{t('live.shortcut')}</p>
          <button type="button" className="button" disabled={form.busy || ended} aria-keyshortcuts={SEND_KEYS} aria-describedby={shortcutId}
            onClick={() => void publish()}>
            {form.busy ? t('live.publishing') : t('live.publish')}
          </button>
        </div>
      </form>
    </section>
  );
}
