import { useId, useState } from 'react';
import type { PreviewLink as Link } from '@redaktion/shared';
import { useAdminT } from '../../i18n';
import { useAdminClient, usePlatform } from '../../platform';
import { useNotify } from '../../ui/feedback';

/** A time-limited link that shows the article as a reader would (issue 21), to copy; every link can be revoked. */
export function PreviewLink({ articleId }: { articleId: number }) {
  const t = useAdminT();
  const admin = useAdminClient();
  const { siteUrl } = usePlatform();
  const notify = useNotify();
  const id = useId();
  const [link, setLink] = useState<Link | null>(null);
  const [busy, setBusy] = useState(false);
  const url = link && `${siteUrl}${link.url}`;

  const act = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch {
      notify.error(t('common.error'), t('history.previewFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="article-preview-link">
      <button type="button" className="button button-ghost button-small" disabled={busy}
        onClick={() => void act(async () => setLink(await admin.articleHistory.createPreview(articleId)))}>
        {t('history.previewLink')}
      </button>
      {link && url && (
        <div className="field">
          <label htmlFor={`${id}-url`}>{t('history.previewUrl')}</label>
          <input id={`${id}-url`} readOnly value={url} aria-describedby={`${id}-expires`} onFocus={(event) => event.target.select()} />
          <p className="field-hint" id={`${id}-expires`}>
            {t('history.previewExpires', { time: t.date(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </p>
          <button type="button" className="button button-ghost button-small" onClick={() => {
            void navigator.clipboard.writeText(url).then(() => notify.success(t('history.copied')), () => undefined);
          }}>{t('history.copy')}</button>
        </div>
      )}
      <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => void act(async () => {
        await admin.articleHistory.revokePreviews(articleId);
        setLink(null);
        notify.success(t('history.previewsRevoked'));
      })}>{t('history.revokePreviews')}</button>
    </section>
  );
}
