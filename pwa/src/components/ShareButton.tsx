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

/**
 * Web Share where the device has it, else the link is copied: `closed` when the reader closed the share sheet,
 * `failed` when neither worked (the caller shows the link to copy by hand).
 */
export async function shareLink(title: string, url: string): Promise<'shared' | 'copied' | 'closed' | 'failed'> {
  if (navigator.share) {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      // The reader closed the share sheet; any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'closed';
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

/** The page's own address, shared or copied ('Copied', contract.md §7). */
export function ShareButton({ title, label }: { title: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  async function share() {
    // Never a gift link's token: what a gift's reader shares is the article's own address.
    const address = new URL(window.location.href);
    address.searchParams.delete('gift');
    const url = address.href;
    const outcome = await shareLink(title, url);
    if (outcome === 'copied') {
      setCopied(true);
      toast(t('common.copied'), t('common.linkCopied'));
      setTimeout(() => setCopied(false), 2000);
    } else if (outcome === 'failed') {
      // The link itself, for the reader to copy by hand.
      toast(t('common.copyFailed'), url, 'destructive');
    }
  }
  return <button type="button" className="button button-ghost" onClick={() => void share()}>{copied ? t('common.copied') : label ?? t('common.share')}</button>;
}
