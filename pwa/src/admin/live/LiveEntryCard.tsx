import { Suspense, useRef, useState } from 'react';
import { liveEntryUpdateSchema, type LiveEntry, type LiveEntryUpdate } from '@redaktion/shared';
import { ArticleBodyEditor } from '../articles/editor/lazy';
import { BodyPreview } from '../articles/BodyPreview';
import { useAdminT } from '../i18n';
import { useAdminClient, type QueuedLiveEntry } from '../platform';
import { useNotify } from '../ui/feedback';
import { TextInput, useSchemaForm } from '../ui/form';
import { Loading } from '../ui/QueryState';
import { entrySummary, entryTime } from './entry-text';
import { onSendKeys, SEND_KEYS } from './LiveComposer';

/**
 * One published entry as the reader's page shows it (its time, title and text through the site's renderer), with
 * what an editor does to it: edit it in place, pin it, mark it a key event, delete it. Ended coverage is frozen.
 */
export function LiveEntryCard({ entry, articleId, ended, dialogHost, onChanged, onDelete }: {
  entry: LiveEntry; articleId: number; ended: boolean; dialogHost: HTMLElement | null;
  onChanged(entry: LiveEntry): void; onDelete(entry: LiveEntry): void;
}) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const time = entryTime(entry.createdAt, t);
  const summary = entrySummary(entry, t);

  const change = async (update: LiveEntryUpdate) => {
    setBusy(true);
    try {
      onChanged(await admin.liveEntries.update(articleId, entry.id, update));
    } catch (error) {
      notify.failure(t('live.changeFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  // Focus goes back to the Edit button that the editing form replaced (ADR 21).
  const stopEditing = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus());
  };

  return (
    <li>
      <article className="live-entry" data-pinned={entry.pinned} aria-label={t('live.entryLabel', { time, summary })}>
        <p className="live-entry-meta">
          <time dateTime={entry.createdAt}>{time}</time>
          <span>{t('live.by', { author: entry.author.name })}</span>
          {entry.pinned && <span className="admin-tag">{t('live.pinned')}</span>}
          {entry.keyEvent && <span className="admin-tag">{t('live.keyEvent')}</span>}
        </p>
        {editing ? (
          <EntryEditor entry={entry} articleId={articleId} dialogHost={dialogHost} onCancel={stopEditing}
            onSaved={(saved) => { onChanged(saved); stopEditing(); }} />
        ) : (
          <>
            {entry.title && <h3 className="live-entry-title">{entry.title}</h3>}
            <BodyPreview markdown={entry.content} />
            {!ended && (
              <div className="admin-row-actions live-entry-actions">
                <button ref={editButton} type="button" className="button button-small button-ghost" disabled={busy}
                  aria-label={t('live.editLabel', { summary })} onClick={() => setEditing(true)}>{t('live.edit')}</button>
                <button type="button" className="button button-small button-ghost" disabled={busy} aria-pressed={entry.pinned}
                  onClick={() => void change({ pinned: !entry.pinned })}>{t('live.pin')}</button>
                <button type="button" className="button button-small button-ghost" disabled={busy} aria-pressed={entry.keyEvent}
                  onClick={() => void change({ keyEvent: !entry.keyEvent })}>{t('live.markKeyEvent')}</button>
                <button type="button" className="button button-small button-danger" disabled={busy}
                  aria-label={t('live.deleteLabel', { summary })} onClick={() => onDelete(entry)}>{t('common.delete')}</button>
              </div>
            )}
          </>
        )}
      </article>
    </li>
  );
}

/** An entry's title and text edited where it stands; Ctrl/Cmd+Enter saves, Escape leaves it as it was. */
function EntryEditor({ entry, articleId, dialogHost, onSaved, onCancel }: {
  entry: LiveEntry; articleId: number; dialogHost: HTMLElement | null; onSaved(entry: LiveEntry): void; onCancel(): void;
}) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const form = useSchemaForm(liveEntryUpdateSchema, { title: entry.title ?? '', content: entry.content });
  const { values, set, errors } = form;

  const save = async (content = values.content) => {
    if (form.busy) return;
    try {
      const saved = await form.submit((body) => admin.liveEntries.update(articleId, entry.id, { ...body, title: body.title || null }), { content });
      if (!saved) return;
      notify.success(t('live.saved'));
      onSaved(saved);
    } catch (error) {
      notify.failure(t('live.changeFailed'), error);
    }
  };

  return (
    <form className="live-entry-editor" noValidate onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onCancel();
        else onSendKeys(() => void save())(event);
      }}>
      <TextInput label={t('live.entryTitle')} value={values.title} onChange={(v) => set('title', v)} error={errors.title} disabled={form.busy} />
      <Suspense fallback={<Loading />}>
        <ArticleBodyEditor compact label={t('live.text')} value={values.content} onChange={(v) => set('content', v)} error={errors.content}
          disabled={form.busy} dialogHost={dialogHost} onSubmit={(markdown) => void save(markdown)} />
      </Suspense>
      <div className="admin-form-actions">
        <button type="button" className="button button-ghost button-small" onClick={onCancel} disabled={form.busy}>{t('common.cancel')}</button>
        <button type="button" className="button button-small" aria-keyshortcuts={SEND_KEYS} onClick={() => void save()} disabled={form.busy}>
          {form.busy ? t('common.saving') : t('live.save')}
        </button>
      </div>
    </form>
  );
}

/** An entry the host keeps until the server has it: waiting for the connection, or refused with the server's reason. */
export function QueuedEntryCard({ queued, onDiscard }: { queued: QueuedLiveEntry; onDiscard(): void }) {
  const t = useAdminT();
  const summary = entrySummary(queued.entry, t);
  const refused = queued.state === 'refused';
  return (
    <li>
      <article className="live-entry live-entry-queued" aria-label={`${t(refused ? 'live.refused' : 'live.waiting')}: ${summary}`}>
        <p className="live-entry-meta">
          <span className={`admin-status live-status-${refused ? 'refused' : 'waiting'}`}>{t(refused ? 'live.refused' : 'live.waiting')}</span>
          {queued.entry.pinned && <span className="admin-tag">{t('live.pinned')}</span>}
          {queued.entry.keyEvent && <span className="admin-tag">{t('live.keyEvent')}</span>}
          {queued.entry.breaking && <span className="admin-tag">{t('live.breaking')}</span>}
        </p>
        {queued.entry.title && <h3 className="live-entry-title">{queued.entry.title}</h3>}
        <BodyPreview markdown={queued.entry.content} />
        {refused && queued.error && <p className="field-error">{t.message(queued.error)}</p>}
        <div className="admin-row-actions live-entry-actions">
          <button type="button" className="button button-small button-ghost" aria-label={t('live.discardLabel', { summary })}
            onClick={onDiscard}>{t('live.discard')}</button>
        </div>
      </article>
    </li>
  );
}
