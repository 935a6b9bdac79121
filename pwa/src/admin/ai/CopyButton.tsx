import { useEffect, useState } from 'react';
import { useAdminT } from '../i18n';
import { useNotify } from '../ui/feedback';

/** How long the copy button shows its check mark (admin-area.md §9). */
export const COPIED_MS = 2000;

/** Copies a text to the clipboard, says 'Copied' and shows a check mark for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useAdminT();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify.success(t('ai.copied'));
    } catch {
      notify.error(t('ai.copyFailed'));
    }
  };

  return (
    <button type="button" className="button button-ghost button-small" onClick={() => void copy()}>
      <span aria-hidden="true">{copied ? '✓' : '⧉'}</span> {label}
    </button>
  );
}
