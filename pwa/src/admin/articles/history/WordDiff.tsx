import { useMemo } from 'react';
import { diffWords } from 'diff';
import { useAdminT } from '../../i18n';

/**
 * A word-level comparison of two texts: what `after` adds in <ins>, what it drops in <del>. Screen readers mostly
 * skip the two elements' meaning, so each change also says in words what it is.
 */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const t = useAdminT();
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  if (!parts.some((part) => part.added || part.removed)) return <p>{t('history.noChanges')}</p>;
  return (
    <div className="word-diff" role="group" aria-label={label}>
      {parts.map((part, index) => {
        if (!part.added && !part.removed) return <span key={index}>{part.value}</span>;
        const Change = part.added ? 'ins' : 'del';
        return (
          <Change key={index}>
            <span className="visually-hidden">{t(part.added ? 'history.inserted' : 'history.deleted')} </span>
            {part.value}
            <span className="visually-hidden"> ({t('history.changeEnd')})</span>
          </Change>
        );
      })}
    </div>
  );
}
