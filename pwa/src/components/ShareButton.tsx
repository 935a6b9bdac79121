import { useState } from 'react';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';

/** Web Share where the device has it, else the link is copied ('Copied', contract.md §7). */
export function ShareButton({ title, label }: { title: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
    toast(t('common.copied'), t('common.linkCopied'));
    setTimeout(() => setCopied(false), 2000);
  }
  return <button type="button" className="button button-ghost" onClick={() => void share()}>{copied ? t('common.copied') : label ?? t('common.share')}</button>;
}
