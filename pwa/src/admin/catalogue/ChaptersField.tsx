import { useEffect, useRef, type RefObject } from 'react';
import { CHAPTERS_MAX } from '@redaktion/shared';
import { useAdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { FormField, TextInput } from '../ui/form';
import { emptyRow, formatChapterStart, parseChapterStart, START_FORMAT_MESSAGE, type ChapterRow } from './chapter-rows';

/**
 * The chapter list of the episode form (contract §9 [voice]): a row per chapter with its start, title, and an optional
 * link and image; added and removed with buttons; a start taken from the form's audio preview while the editor listens.
 * The rows stay in the editor's order: the schema's message says which start is out of order.
 */
export function ChaptersField({ rows, onChange, errors, player, onBusyChange }: {
  rows: readonly ChapterRow[];
  onChange(rows: ChapterRow[]): void;
  /** The form's messages: a row's under `chapters.{index}.{field}`, the list's own under `chapters`. */
  errors: Record<string, string>;
  /** The audio preview, when the episode has audio to listen to. */
  player: RefObject<HTMLAudioElement | null> | null;
  onBusyChange?(busy: boolean): void;
}) {
  const t = useAdminT();
  const startInputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // A keyboard user goes on where the change happened: into a new row's start, or back to "Add chapter" after a removal.
  const focusNext = useRef<number | 'add' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (target === 'add' ? addButton.current : startInputs.current.get(target))?.focus();
  });

  const update = (key: number, change: Partial<ChapterRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = () => {
    const row = emptyRow();
    focusNext.current = row.key;
    onChange([...rows, row]);
  };
  const remove = (key: number) => {
    focusNext.current = 'add';
    onChange(rows.filter((row) => row.key !== key));
  };
  // Whole seconds, rounded down: the chapter then starts at, never after, the moment the editor stopped at.
  const setToCurrent = (key: number) => {
    const time = player?.current?.currentTime;
    if (time !== undefined) update(key, { start: formatChapterStart(Math.floor(time)) });
  };

  const errorOf = (index: number, field: string) => errors[`chapters.${index}.${field}`];
  // A start the form cannot read reaches the schema as no number; the editor is told how to write one instead.
  const startError = (row: ChapterRow, index: number) => {
    const error = errorOf(index, 'startTime');
    return error && parseChapterStart(row.start) === null ? START_FORMAT_MESSAGE : error;
  };
  const listError = Object.keys(errors).some((key) => key.startsWith('chapters.')) ? undefined : errors.chapters;

  return (
    <fieldset>
      <legend>{t('chapters.legend')}</legend>
      <p className="field-hint">{t('chapters.hint')}{player && ` ${t('chapters.playerHint')}`}</p>
      {listError && <p className="field-error">{t.message(listError)}</p>}
      {rows.length === 0 ? <p className="field-hint">{t('chapters.empty')}</p> : (
        <ol className="chapter-list">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li key={row.key} className="chapter-row">
                <div className="chapter-start">
                  <FormField label={t('chapters.start', { n })} error={startError(row, index)}>
                    {(props) => (
                      <input {...props} type="text" value={row.start} placeholder="0:00" autoComplete="off" spellCheck={false}
                        ref={(input) => {
                          if (input) startInputs.current.set(row.key, input);
                          return () => { startInputs.current.delete(row.key); };
                        }}
                        onChange={(event) => update(row.key, { start: event.target.value })} />
                    )}
                  </FormField>
                  {player && (
                    <button type="button" className="button button-small" aria-label={t('chapters.setToCurrentNamed', { n })}
                      onClick={() => setToCurrent(row.key)}>
                      {t('chapters.setToCurrent')}
                    </button>
                  )}
                </div>
                <TextInput label={t('chapters.title', { n })} value={row.title} error={errorOf(index, 'title')}
                  onChange={(title) => update(row.key, { title })} />
                <div className="chapter-wide">
                  <TextInput label={t('chapters.url', { n })} value={row.url} error={errorOf(index, 'url')} placeholder="https://"
                    onChange={(url) => update(row.key, { url })} />
                  <SingleFileUpload label={t('chapters.img', { n })} kind="image" value={row.img} error={errorOf(index, 'img')}
                    onChange={(img) => update(row.key, { img })} onBusyChange={onBusyChange} />
                </div>
                <div className="chapter-row-actions">
                  <button type="button" className="button button-small button-ghost" aria-label={t('chapters.removeNamed', { n })}
                    onClick={() => remove(row.key)}>
                    {t('chapters.remove')}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <button ref={addButton} type="button" className="button button-small" disabled={rows.length >= CHAPTERS_MAX} onClick={add}>
          {t('chapters.add')}
        </button>
      </div>
    </fieldset>
  );
}
