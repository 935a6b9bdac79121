import { useId, useRef, useState, type FormEvent } from 'react';
import type { Article } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { allowedHref } from '@redaktion/shared/content';
import { useAdminT } from '../../i18n';
import { useApi } from '../../platform';
import { Dialog } from '../../ui/Dialog';
import { failureText } from '../../ui/feedback';
import { TextInput } from '../../ui/form';

export interface LinkTarget {
  href: string;
  /** The words to link when nothing is selected; null when the link goes on the selected text. */
  text: string | null;
}

/**
 * The link dialog (Mod-k): an address typed or pasted, or an article of the site found by its words, which links
 * to its page by path (`/article/12`), so that the link works wherever the site is served.
 */
export function LinkDialog({ initial, editing, onApply, onRemove, onClose }: {
  initial: LinkTarget; editing: boolean; onApply(target: LinkTarget): void; onRemove(): void; onClose(): void;
}) {
  const t = useAdminT();
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState(initial.text ?? '');
  const [error, setError] = useState<string>();
  const apply = useRef<HTMLButtonElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (!allowedHref(address)) {
      setError(t('editor.linkInvalid'));
      return;
    }
    onApply({ href: address, text: initial.text === null ? null : text.trim() || address });
  };

  return (
    <Dialog open title={t('editor.linkTitle')} onClose={onClose}>
      <form className="admin-form" noValidate onSubmit={submit}>
        <TextInput label={t('editor.linkAddress')} value={href} error={error} hint={t('editor.linkAddressHint')}
          onChange={(value) => { setHref(value); setError(undefined); }} />
        {initial.text !== null && <TextInput label={t('editor.linkText')} value={text} onChange={setText} />}
        <div className="admin-form-actions">
          {editing && <button type="button" className="button button-ghost" onClick={onRemove}>{t('editor.linkRemove')}</button>}
          <button type="button" className="button button-ghost" onClick={onClose}>{t('common.cancel')}</button>
          <button ref={apply} type="submit" className="button">{t('editor.linkApply')}</button>
        </div>
      </form>
      <ArticleSearch onChoose={(article) => {
        setHref(`/article/${article.id}`);
        setError(undefined);
        if (!text.trim()) setText(article.title);
        apply.current?.focus();
      }} />
    </Dialog>
  );
}

/** Published articles matching some words (the site's own search), each a button that picks it. */
function ArticleSearch({ onChoose }: { onChoose(article: Article): void }) {
  const t = useAdminT();
  const api = useApi();
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ q: string; articles: Article[] } | { q: string; error: string } | null>(null);
  const request = useRef(0);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    const mine = (request.current += 1);
    api.get(apiPaths.articles({ q, limit: 8 })).then(
      (articles) => { if (mine === request.current) setFound({ q, articles }); },
      (error: unknown) => { if (mine === request.current) setFound({ q, error: failureText(error, t('common.loadFailed'), t) }); },
    );
  };

  return (
    <section className="editor-link-search" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('editor.linkSearch')}</h3>
      <form role="search" className="stock-photos-search" noValidate onSubmit={search}>
        <label htmlFor={`${id}-q`} className="visually-hidden">{t('editor.linkSearch')}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit" className="button button-ghost">{t('editor.linkSearchButton')}</button>
      </form>
      {found && 'error' in found && <p className="error-note" role="alert">{found.error}</p>}
      {found && 'articles' in found && (found.articles.length === 0
        ? <p role="status">{t('editor.linkNoResults', { q: found.q })}</p>
        : (
          <ul className="editor-link-results">
            {found.articles.map((article) => (
              <li key={article.id}>
                <button type="button" className="button button-ghost button-small" onClick={() => onChoose(article)}
                  aria-label={t('editor.linkChoose', { title: article.title })}>
                  {article.title}
                </button>
                <span className="field-hint"> {t.date(article.publishedAt)}</span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
