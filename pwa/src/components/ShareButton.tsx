import { useState } from 'react';
import { useI18n } from '../i18n';
import { toast } from '../state/toasts';

/**
 * Copies text to the clipboard. The Clipboard API is missing outside secure contexts and may be refused
 * (no permission, document not focused); the older copy command on a selected field works in those cases.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.className = 'visually-hidden';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
      focused?.focus();
    }
  }
}

/** Web Share where the device has it, else the link is copied ('Copied', contract.md §7). */
export function ShareButton({ title, label }: { title: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the share sheet; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    if (await copyText(url)) {
      setCopied(true);
      toast(t('common.copied'), t('common.linkCopied'));
      setTimeout(() => setCopied(false), 2000);
    } else {
      // The link itself, for the reader to copy by hand.
      toast(t('common.copyFailed'), url, 'destructive');
    }
  }
  return <button type="button" className="button button-ghost" onClick={() => void share()}>{copied ? t('common.copied') : label ?? t('common.share')}</button>;
}
