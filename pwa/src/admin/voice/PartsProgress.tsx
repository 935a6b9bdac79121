import { useAdminT } from '../i18n';

/** Speech work under way, as its job counts it: parts done of the total (unknown until the job has begun). */
export function PartsProgress({ label, done, total, note }: { label: string; done: number; total: number | null; note?: string }) {
  const t = useAdminT();
  const known = total !== null && total > 0;
  return (
    <div className="voice-progress" role="status" aria-live="polite">
      <progress aria-label={label} value={known ? done : undefined} max={known ? total : undefined} />
      <p>{known ? t('voice.parts', { done, total }) : t('voice.waiting')}</p>
      {note && <p className="field-hint">{note}</p>}
    </div>
  );
}
