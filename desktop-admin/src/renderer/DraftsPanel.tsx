import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { DesktopBridge } from '../bridge.js';
import type { Draft, DraftFields } from '../core/draft-outbox.js';
import { t, type MessageKey } from './i18n.js';


const emptyFields = (author: string): DraftFields => ({ title: '', excerpt: '', content: '', category: 'news', author });

/** Article drafts that are kept on this computer first, so writing goes on without a connection. */
export function DraftsPanel({ bridge, author }: { bridge: DesktopBridge; author: string }) {
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [editing, setEditing] = useState<{ clientId?: string; fields: DraftFields }>({ fields: emptyFields(author) });
  const refresh = useCallback(() => bridge.call('drafts:list', {}).then(setDrafts), [bridge]);

  useEffect(() => {
    void refresh();
    // Sent drafts and conflicts appear as the outbox works in the background.
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [refresh]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const draft = await bridge.call('drafts:save', editing);
    setEditing({ clientId: draft.clientId, fields: draft.fields });
    await refresh();
  }

  const field = (name: keyof DraftFields, label: MessageKey, multiline = false) => (
    <label>
      {t(label)}
      {multiline
        ? <textarea value={editing.fields[name]} rows={name === 'content' ? 12 : 3} onChange={(event) => setEditing({ ...editing, fields: { ...editing.fields, [name]: event.target.value } })} />
        : <input value={editing.fields[name]} onChange={(event) => setEditing({ ...editing, fields: { ...editing.fields, [name]: event.target.value } })} />}
    </label>
  );

  return (
    <section aria-labelledby="drafts-title" className="desktop-panel desktop-drafts">
      <h1 id="drafts-title">{t('drafts.title')}</h1>
      <form onSubmit={save} aria-label={t('drafts.form')}>
        {field('title', 'drafts.fieldTitle')}
        {field('excerpt', 'drafts.excerpt', true)}
        {field('content', 'drafts.content', true)}
        {field('category', 'drafts.category')}
        {field('author', 'drafts.author')}
        <button type="submit">{t('drafts.save')}</button>
        <button type="button" onClick={() => setEditing({ fields: emptyFields(author) })}>{t('drafts.new')}</button>
      </form>
      <div>
        <button type="button" onClick={() => bridge.call('drafts:send', {}).then(setDrafts)}>{t('drafts.send')}</button>
        <ul className="desktop-draft-list" aria-label={t('drafts.outbox')}>
          {drafts.map((draft) => (
            <li key={draft.clientId} aria-label={draft.fields.title || t('drafts.untitled')} data-state={draft.state}>
              <button type="button" className="desktop-link" onClick={() => setEditing({ clientId: draft.clientId, fields: draft.fields })}>
                {draft.fields.title || t('drafts.untitled')}
              </button>
              <span>{t(`state.${draft.state}`)}</span>
              {draft.error && draft.state !== 'sent' && <span className="desktop-upload-error">{draft.error}</span>}
              {draft.state === 'conflict' && draft.theirs && (
                <div className="desktop-conflict" role="group" aria-label={t('drafts.choose')}>
                  <div><h2>{t('drafts.yours')}</h2><p><strong>{draft.fields.title}</strong></p><p>{draft.fields.excerpt}</p></div>
                  <div><h2>{t('drafts.theirs')}</h2><p><strong>{draft.theirs.title}</strong></p><p>{draft.theirs.excerpt}</p></div>
                  <button type="button" onClick={() => bridge.call('drafts:resolve', { clientId: draft.clientId, keep: 'mine' }).then(setDrafts)}>{t('drafts.keepMine')}</button>
                  <button type="button" onClick={() => bridge.call('drafts:resolve', { clientId: draft.clientId, keep: 'theirs' }).then(setDrafts)}>{t('drafts.takeTheirs')}</button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
