import { useState, type FormEvent } from 'react';
import type { NewsletterPreview } from '@redaktion/shared';
import { useAdminQuery } from '../data';
import { useAdminT } from '../i18n';
import { useAdminClient } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { Dialog } from '../ui/Dialog';
import { useNotify } from '../ui/feedback';
import { TextArea, TextInput } from '../ui/form';
import { QueryState } from '../ui/QueryState';
import { ResourceList } from '../ui/ResourceList';

/** The Newsletter and alerts tab: subscriber counts, the digest composer with its history, and the breaking-news alert. */
export function EngageTab() {
  return (
    <>
      <NewsletterCounts />
      <DigestComposer />
      <SendHistory />
      <BreakingAlert />
    </>
  );
}

function NewsletterCounts() {
  const t = useAdminT();
  const admin = useAdminClient();
  const counts = useAdminQuery(QUERY_KEYS.newsletter, admin.newsletter.counts);
  return (
    <section className="admin-section" aria-labelledby="engage-counts">
      <h2 id="engage-counts">{t('engage.counts')}</h2>
      <QueryState query={counts}>
        {(figures) => (
          <div className="admin-stats">
            {(['confirmed', 'pending', 'unsubscribed'] as const).map((status) => (
              <div key={status} className="admin-card">
                <p className="admin-stat-label">{t(`engage.${status}`)}</p>
                <p className="admin-stat-value">{figures[status].toLocaleString(t.locale === 'sv' ? 'sv-SE' : 'en-GB')}</p>
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function DigestComposer() {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const changed = useChanged();
  const articles = useAdminQuery(QUERY_KEYS.articles, admin.articles.list);
  const confirmed = useAdminQuery(QUERY_KEYS.newsletter, admin.newsletter.counts).data?.confirmed ?? 0;
  const [subject, setSubject] = useState('');
  const [subjectEn, setSubjectEn] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = subject.trim() !== '' && picked.length > 0;
  // English subscribers get the Swedish subject when no English one is given.
  const digest = () => ({ subject: subject.trim(), ...(subjectEn.trim() ? { subjectEn: subjectEn.trim() } : {}), articleIds: picked });

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setPreview(await admin.newsletter.preview(digest()));
    } catch (error) {
      notify.failure(t('engage.previewFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    try {
      await admin.newsletter.send(digest());
      notify.success(t('engage.queued'));
      changed('digest');
      setSubject('');
      setSubjectEn('');
      setPicked([]);
      setPreview(null);
      setAsking(false);
    } catch (error) {
      notify.failure(t('engage.sendFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="engage-digest">
      <h2 id="engage-digest">{t('engage.digest')}</h2>
      <p className="admin-subtitle">{t('engage.digestText')}</p>
      <form className="admin-form" noValidate onSubmit={showPreview}>
        <TextInput label={t('engage.subject')} value={subject} onChange={setSubject} disabled={busy} />
        <TextInput label={t('engage.subjectEn')} hint={t('engage.subjectEnHint')} value={subjectEn} onChange={setSubjectEn} disabled={busy} />
        <fieldset className="admin-engage-articles">
          <legend>{t('engage.articles')}</legend>
          <QueryState query={articles} data={articles.data?.filter((article) => article.status === 'published')} empty={t('engage.noArticles')}>
            {(items) => items.slice(0, 30).map((article) => (
              <label key={article.id} className="admin-engage-article">
                <input type="checkbox" checked={picked.includes(article.id)} disabled={busy}
                  onChange={(event) => setPicked((now) => (event.target.checked ? [...now, article.id] : now.filter((id) => id !== article.id)))} />
                {article.title}
              </label>
            ))}
          </QueryState>
        </fieldset>
        <div className="admin-form-actions">
          <button type="submit" className="button button-ghost" disabled={!ready || busy}>{t('engage.preview')}</button>
          <button type="button" className="button" disabled={!ready || busy || confirmed === 0} onClick={() => setAsking(true)}>
            {t('engage.send', { n: confirmed })}
          </button>
        </div>
      </form>
      {preview && (
        <div className="admin-engage-previews">
          {(['sv', 'en'] as const).map((locale) => (
            // The e-mail as its recipients see it, in a sandbox: no script of the mail runs in the admin.
            <iframe key={locale} title={`${t('engage.preview')}: ${t(locale === 'sv' ? 'engage.previewSv' : 'engage.previewEn')}`}
              sandbox="" srcDoc={preview[locale].html} className="admin-engage-preview" />
          ))}
        </div>
      )}
      <Dialog open={asking} title={t('common.confirmTitle')} onClose={() => setAsking(false)}>
        <p>{t('engage.sendConfirm', { subject: subject.trim(), n: confirmed })}</p>
        <div className="admin-form-actions">
          <button type="button" className="button button-ghost" onClick={() => setAsking(false)} disabled={busy}>{t('common.cancel')}</button>
          <button type="button" className="button" onClick={() => void send()} disabled={busy}>{t('engage.sendNow')}</button>
        </div>
      </Dialog>
    </section>
  );
}

function SendHistory() {
  const t = useAdminT();
  const admin = useAdminClient();
  const sends = useAdminQuery(QUERY_KEYS.newsletterSends, admin.newsletter.sends);
  return (
    <ResourceList id="engage-history" heading={t('engage.history')} query={sends} empty={t('engage.noHistory')}
      tools={<button type="button" className="button button-small button-ghost" onClick={sends.reload}>{t('engage.refresh')}</button>}
      row={(send) => (
        <>
          <div className="admin-row-body">
            <p className="admin-row-title">{send.subject}</p>
            <p className="admin-row-meta">
              <span>{new Date(send.createdAt).toLocaleString(t.locale === 'sv' ? 'sv-SE' : 'en-GB')}</span>
              <span>{t('engage.historyRow', { delivered: send.delivered, total: send.total, failed: send.failed })}</span>
            </p>
          </div>
          <span className="badge">{t(`engage.status.${send.status}`)}</span>
        </>
      )} />
  );
}

const EMPTY_ALERT = { title: '', body: '', url: '/', titleEn: '', bodyEn: '' };

function BreakingAlert() {
  const t = useAdminT();
  const admin = useAdminClient();
  const notify = useNotify();
  const [alert, setAlert] = useState(EMPTY_ALERT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof EMPTY_ALERT) => ({
    value: alert[name], disabled: busy, error: errors[name],
    onChange: (value: string) => setAlert((now) => ({ ...now, [name]: value })),
  });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const english = alert.titleEn.trim() && alert.bodyEn.trim() ? { en: { title: alert.titleEn, body: alert.bodyEn } } : {};
      const { subscribers } = await admin.sendAlert({ title: alert.title, body: alert.body, url: alert.url, topic: 'breaking', ...english });
      notify.success(t('engage.alertSent', { n: subscribers }));
      setAlert(EMPTY_ALERT);
    } catch (error) {
      const issues = (error as { issues?: { path: string; message: string }[] }).issues ?? [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
      notify.failure(t('engage.alertFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="engage-alert">
      <h2 id="engage-alert">{t('engage.alert')}</h2>
      <p className="admin-subtitle">{t('engage.alertText')}</p>
      <form className="admin-form" noValidate onSubmit={send}>
        <TextInput label={t('engage.alertTitle')} {...field('title')} />
        <TextArea label={t('engage.alertBody')} rows={2} {...field('body')} />
        <TextInput label={t('engage.alertUrl')} {...field('url')} />
        <TextInput label={t('engage.alertTitleEn')} {...field('titleEn')} />
        <TextArea label={t('engage.alertBodyEn')} rows={2} {...field('bodyEn')} />
        <div className="admin-form-actions">
          <button type="submit" className="button" disabled={busy}>{t('engage.alertSend')}</button>
        </div>
      </form>
    </section>
  );
}
