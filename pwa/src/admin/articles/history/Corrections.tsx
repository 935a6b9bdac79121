import { useEffect, useId, useState } from 'react';
import type { Correction } from '@redaktion/shared';
import { useAdminT } from '../../i18n';
import { useAdminClient } from '../../platform';
import { useChanged } from '../../queries';
import { useNotify } from '../../ui/feedback';

/**
 * A published article's corrections: those it came with and those published here, each removable. Publishing one
 * shows it to readers at once (it is not part of the form's save).
 */
export function Corrections({ articleId, initial }: { articleId: number; initial: Correction[] }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const contentChanged = useChanged();
  const id = useId();
  const [corrections, setCorrections] = useState(initial);
  // The admin article carries no corrections: those published before this form opened are read once.
  useEffect(() => {
    let current = true;
    void admin.articleHistory.corrections(articleId).then((stored) => current && setCorrections(stored), () => undefined);
    return () => {
      current = false;
    };
  }, [admin, articleId]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const change = async (act: () => Promise<void>, done?: string) => {
    setBusy(true);
    try {
      await act();
      contentChanged('article');
      if (done) notify.success(done);
    } catch {
      notify.error(t('common.error'), t('history.correctionFailed'));
    } finally {
      setBusy(false);
    }
  };
  const add = () => change(async () => {
    const added = await admin.articleHistory.addCorrection(articleId, text);
    setCorrections((current) => [...current, added]);
    setText('');
  }, t('history.correctionAdded'));
  const remove = (correction: Correction) => change(async () => {
    await admin.articleHistory.removeCorrection(articleId, correction.id);
    setCorrections((current) => current.filter((kept) => kept.id !== correction.id));
  });

  return (
    <section className="article-corrections" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('history.corrections')}</h3>
      {corrections.length > 0 && (
        <ul>
          {corrections.map((correction) => (
            <li key={correction.id}>
              <time dateTime={correction.createdAt}>{t.date(correction.createdAt)}</time> {correction.text}{' '}
              <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => void remove(correction)}
                aria-label={t('history.removeCorrection', { date: t.date(correction.createdAt) })}>{t('common.delete')}</button>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('history.correctionText')}</label>
        <textarea id={`${id}-text`} rows={3} value={text} maxLength={2000} aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)} />
        <p className="field-hint" id={`${id}-hint`}>{t('history.correctionHint')}</p>
      </div>
      <button type="button" className="button button-small" disabled={busy || !text.trim()} onClick={() => void add()}>
        {t('history.addCorrection')}
      </button>
    </section>
  );
}
