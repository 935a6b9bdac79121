import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { DesktopBridge } from '../bridge.js';
import type { Draft, DraftFields } from '../core/draft-outbox.js';

const STATE: Record<Draft['state'], string> = {
  pending: 'Kept on this computer: sent when the server answers', sent: 'On the server', conflict: 'Changed on the server meanwhile',
  refused: 'Refused by the server',
};

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

  const field = (name: keyof DraftFields, label: string, multiline = false) => (
    <label>
      {label}
      {multiline
        ? <textarea value={editing.fields[name]} rows={name === 'content' ? 12 : 3} onChange={(event) => setEditing({ ...editing, fields: { ...editing.fields, [name]: event.target.value } })} />
        : <input value={editing.fields[name]} onChange={(event) => setEditing({ ...editing, fields: { ...editing.fields, [name]: event.target.value } })} />}
    </label>
  );

  return (
    <section aria-labelledby="drafts-title" className="desktop-panel desktop-drafts">
      <h1 id="drafts-title">Drafts</h1>
      <form onSubmit={save} aria-label="Draft">
        {field('title', 'Title')}
        {field('excerpt', 'Excerpt', true)}
        {field('content', 'Content', true)}
        {field('category', 'Category')}
        {field('author', 'Author')}
        <button type="submit">Save draft</button>
        <button type="button" onClick={() => setEditing({ fields: emptyFields(author) })}>New draft</button>
      </form>
      <div>
        <button type="button" onClick={() => bridge.call('drafts:send', {}).then(setDrafts)}>Send now</button>
        <ul className="desktop-draft-list" aria-label="Outbox">
          {drafts.map((draft) => (
            <li key={draft.clientId} aria-label={draft.fields.title || 'Untitled draft'} data-state={draft.state}>
              <button type="button" className="desktop-link" onClick={() => setEditing({ clientId: draft.clientId, fields: draft.fields })}>
                {draft.fields.title || 'Untitled draft'}
              </button>
              <span>{STATE[draft.state]}</span>
              {draft.error && draft.state !== 'sent' && <span className="desktop-upload-error">{draft.error}</span>}
              {draft.state === 'conflict' && draft.theirs && (
                <div className="desktop-conflict" role="group" aria-label="Choose a version">
                  <div><h2>Yours</h2><p><strong>{draft.fields.title}</strong></p><p>{draft.fields.excerpt}</p></div>
                  <div><h2>On the server</h2><p><strong>{draft.theirs.title}</strong></p><p>{draft.theirs.excerpt}</p></div>
                  <button type="button" onClick={() => bridge.call('drafts:resolve', { clientId: draft.clientId, keep: 'mine' }).then(setDrafts)}>Keep mine</button>
                  <button type="button" onClick={() => bridge.call('drafts:resolve', { clientId: draft.clientId, keep: 'theirs' }).then(setDrafts)}>Take the server's</button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
