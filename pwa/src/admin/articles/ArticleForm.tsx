import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  ARTICLE_KINDS, articleInputSchema, CONTENT_STATUSES, LIMITS, type Article, type ArticleKind, type ContentStatus, type RevisionState,
} from '@redaktion/shared';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { failureText, useNotify } from '../ui/feedback';
import { NumberInput, Select, Switch, TextArea, TextInput, useSchemaForm } from '../ui/form';
import { useAdminT } from '../i18n';
import { SingleFileUpload } from '../media/SingleFileUpload';
import { PexelsPicker } from '../media/PexelsPicker';
import { useAdminClient } from '../platform';
import { useCategories } from './categories';
import { useUploadHold } from '../ui/use-upload-hold';
import { useChanged } from '../queries';
import { Corrections } from './history/Corrections';
import { HistoryPanel } from './history/HistoryPanel';
import { PreviewLink } from './history/PreviewLink';
import { useAutosave, useAutosaveOffer, useLeaveGuard, usePresence } from './history/session';
import { ArticleBodyEditor } from './editor/lazy';
import { CoverageStatus } from '../live/Coverage';
import { ReadAloudPanel } from './ReadAloudPanel';
import { ArticleInsights } from '../insights/ArticleInsights';

/** What the inputs hold; `publishedAt` is the datetime-local text, in the editor's own time zone. */
interface ArticleValues extends Record<string, unknown> {
  title: string; content: string; excerpt: string; category: string;
  imageUrl: string; imageAlt: string; imageCredit: string;
  author: string; authorImage: string; authorTitle: string;
  readTime: number | string; featured: boolean; categoryFeatured: boolean; premium: boolean;
  status: ContentStatus; publishedAt: string; kind: ArticleKind;
}

/** admin-area.md §2: status draft, every flag off, read time 5. */
const EMPTY: ArticleValues = {
  title: '', content: '', excerpt: '', category: '', imageUrl: '', imageAlt: '', imageCredit: '',
  author: '', authorImage: '', authorTitle: '', readTime: LIMITS.readTimeDefault,
  featured: false, categoryFeatured: false, premium: false, status: 'draft', publishedAt: '', kind: 'article',
};

/** An ISO instant as the minutes a datetime-local input shows, in local time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const valuesOf = (article: Article | RevisionState): ArticleValues => ({
  title: article.title, content: article.content ?? '', excerpt: article.excerpt, category: article.category,
  imageUrl: article.imageUrl ?? '', imageAlt: article.imageAlt ?? '', imageCredit: article.imageCredit ?? '',
  author: article.author, authorImage: article.authorImage ?? '', authorTitle: article.authorTitle ?? '',
  readTime: article.readTime, featured: article.featured, categoryFeatured: article.categoryFeatured, premium: article.premium,
  status: article.status, publishedAt: toLocalInput(article.publishedAt),
  // A revision keeps the text, not the kind: the caller keeps the form's.
  kind: 'kind' in article ? article.kind : 'article',
});

/**
 * The create and edit dialog of the Articles tab. `article` null creates; otherwise it edits that article.
 * The dialog is mounted per opening, so the form starts from the article's current values each time.
 */
export function ArticleForm({ article, onClose }: { article: Article | null; onClose(): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const contentChanged = useChanged();
  const categories = useCategories().data;
  const form = useSchemaForm(articleInputSchema, article ? valuesOf(article) : EMPTY);
  // The values as last saved (or restored): an existing article that differs from them has unsaved changes.
  const [saved, setSaved] = useState(form.values);
  const [showHistory, setShowHistory] = useState(false);
  // What leaving with unsaved changes goes on to once the editor confirms it (closing, or the live console).
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  // The article as stored, with its coverage as it was last ended here.
  const [stored, setStored] = useState(article);
  const navigate = useNavigate();
  const uploads = useUploadHold();
  const [picking, setPicking] = useState(false);
  const [dialogHost, setDialogHost] = useState<HTMLDivElement | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { values, set, errors } = form;
  const articleId = article?.id ?? null;
  const unsaved = article !== null && JSON.stringify(values) !== JSON.stringify(saved);
  useAutosave(articleId, values, saved);
  useLeaveGuard(unsaved);
  const others = usePresence(articleId);
  const autosaved = useAutosaveOffer(article);
  const requestClose = () => (unsaved ? setLeaving(() => onClose) : onClose());
  const load = (next: ArticleValues, asSaved: boolean) => {
    form.setValues(next);
    form.setErrors({});
    if (asSaved) setSaved(next);
  };
  const takeAutosaved = async (revisionId: number) => {
    autosaved.dismiss();
    try {
      const { state } = await admin.articleHistory.revision(articleId!, revisionId);
      // An autosave carries the text, never the status or the publish date the form shows.
      load({ ...valuesOf(state), status: values.status, publishedAt: values.publishedAt, kind: values.kind }, false);
    } catch {
      notify.error(t('common.error'));
    }
  };

  // An untouched date keeps the stored instant, seconds included; an edited one is read in local time.
  const publishedAt = article && values.publishedAt === toLocalInput(article.publishedAt)
    ? article.publishedAt ?? undefined
    : values.publishedAt ? new Date(values.publishedAt).toISOString() : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await form.submit(
        (body) => (article ? admin.articles.update(article.id, body) : admin.articles.create(body)),
        { publishedAt },
      );
      if (!saved) {
        // A long form: take the editor to the first field that needs attention (after the messages render).
        setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      notify.success(t(article ? 'articles.updated' : 'articles.created'));
      contentChanged('article');
      onClose();
    } catch (error) {
      if (article) notify.error(t('common.error'), t('articles.updateFailed'));
      else notify.error(t('articles.createFailed'), failureText(error, t('articles.createFailed'), t));
    }
  };

  // Inactive categories are not offered, except the one this article already has.
  const categoryOptions = [
    { value: '', label: t('articles.chooseCategory') },
    ...(categories ?? [])
      .filter((category) => category.active || category.slug === article?.category)
      .map((category) => ({ value: category.slug, label: category.name })),
  ];

  return (
    <Dialog open title={t(article ? 'articles.editTitle' : 'articles.createTitle')} onClose={requestClose} wide>
      <p role="status" aria-live="polite" className="article-presence">
        {others.length > 0 && t(others.length === 1 ? 'history.alsoEditing' : 'history.alsoEditingMany', {
          names: new Intl.ListFormat(t.locale, { type: 'conjunction' }).format(others.map((editor) => editor.username)),
        })}
      </p>
      {autosaved.offer && (
        <div className="admin-notice" role="region" aria-label={t('history.autosaveOffer')}>
          <p><strong>{t('history.autosaveOffer')}</strong> {t('history.autosaveOfferDetail', {
            time: t.date(autosaved.offer.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
          })}</p>
          <button type="button" className="button button-small" onClick={() => void takeAutosaved(autosaved.offer!.id)}>
            {t('history.autosaveUse')}
          </button>
          <button type="button" className="button button-ghost button-small" onClick={autosaved.dismiss}>{t('history.autosaveDismiss')}</button>
        </div>
      )}
      <form ref={formRef} className="admin-form" noValidate onSubmit={save}>
        <fieldset disabled={form.busy}>
          <legend>{t('articles.sectionContent')}</legend>
          <TextInput label={t('articles.title')} value={values.title} onChange={(v) => set('title', v)} error={errors.title} />
          <TextArea label={t('articles.excerpt')} rows={2} value={values.excerpt} onChange={(v) => set('excerpt', v)}
            error={errors.excerpt} hint={t('articles.excerptHint')} />
          <Suspense fallback={(
            <div className="field">
              <p role="status">{t('common.loading')}</p>
              {errors.content && <p className="field-error">{t.message(errors.content)}</p>}
            </div>
          )}>
            <ArticleBodyEditor label={t('articles.content')} value={values.content} onChange={(v) => set('content', v)}
              error={errors.content} hint={t('articles.contentHint')} disabled={form.busy} dialogHost={dialogHost}
              side={article && (
                <>
                  <button type="button" className="button button-ghost button-small" aria-expanded={showHistory}
                    onClick={() => setShowHistory((open) => !open)}>{t('history.toggle')}</button>
                  {showHistory && (
                    <HistoryPanel articleId={article.id} currentContent={values.content}
                      onRestored={(restored) => load(valuesOf(restored), true)} />
                  )}
                  <PreviewLink articleId={article.id} />
                  {article.status === 'published' && <Corrections articleId={article.id} initial={article.corrections ?? []} />}
                  <ReadAloudPanel article={article} />
                  <ArticleInsights articleId={article.id} />
                </>
              )} />
          </Suspense>
        </fieldset>

        <fieldset disabled={form.busy}>
          <legend>{t('articles.sectionImage')}</legend>
          <SingleFileUpload label={t('articles.image')} kind="image" value={values.imageUrl} error={errors.imageUrl}
            onChange={(url) => set('imageUrl', url)} onBusyChange={uploads.onBusyChange} />
          <div>
            <button type="button" className="button button-ghost button-small" onClick={() => setPicking(true)}>{t('articles.pexels')}</button>
          </div>
          <div className="admin-form-row">
            <TextInput label={t('articles.imageAlt')} value={values.imageAlt} onChange={(v) => set('imageAlt', v)}
              error={errors.imageAlt} hint={t('articles.imageAltHint')} />
            <TextInput label={t('articles.imageCredit')} value={values.imageCredit} onChange={(v) => set('imageCredit', v)}
              error={errors.imageCredit} />
          </div>
        </fieldset>

        <fieldset disabled={form.busy}>
          <legend>{t('articles.sectionAuthor')}</legend>
          <div className="admin-form-row">
            <TextInput label={t('articles.author')} value={values.author} onChange={(v) => set('author', v)} error={errors.author} />
            <TextInput label={t('articles.authorTitle')} value={values.authorTitle} onChange={(v) => set('authorTitle', v)}
              error={errors.authorTitle} />
          </div>
          <SingleFileUpload label={t('articles.authorImage')} kind="image" value={values.authorImage} error={errors.authorImage}
            onChange={(url) => set('authorImage', url)} onBusyChange={uploads.onBusyChange} />
        </fieldset>

        <fieldset disabled={form.busy}>
          <legend>{t('articles.sectionPublishing')}</legend>
          <div className="admin-form-row">
            <Select label={t('articles.category')} value={values.category} options={categoryOptions}
              onChange={(v) => set('category', v)} error={errors.category} />
            <NumberInput label={t('articles.readTime')} value={values.readTime} min={LIMITS.readTimeMin} max={LIMITS.readTimeMax}
              onChange={(v) => set('readTime', v)} error={errors.readTime} />
          </div>
          <div className="admin-form-row">
            <Select label={t('status.label')} value={values.status} onChange={(v) => set('status', v)} error={errors.status}
              options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
            <TextInput type="datetime-local" label={t('articles.publishedAt')} value={values.publishedAt}
              onChange={(v) => set('publishedAt', v)} error={errors.publishedAt} hint={t('articles.publishedAtHint')} />
          </div>
          <Switch label={t('articles.featured')} hint={t('articles.featuredHint')} checked={values.featured}
            onChange={(v) => set('featured', v)} />
          <Switch label={t('articles.categoryFeaturedLabel')} hint={t('articles.categoryFeaturedHint')} checked={values.categoryFeatured}
            onChange={(v) => set('categoryFeatured', v)} />
          <Switch label={t('articles.premiumLabel')} hint={t('articles.premiumHint')} checked={values.premium}
            onChange={(v) => set('premium', v)} />
          <Select label={t('live.kind')} value={values.kind} onChange={(v) => set('kind', v)} error={errors.kind} hint={t('live.kindHint')}
            options={ARTICLE_KINDS.map((kind) => ({ value: kind, label: t(`live.kind.${kind}`) }))} />
          {stored?.kind === 'live' ? (
            <div className="live-form-coverage">
              <CoverageStatus article={stored} onEnded={setStored} />
              <Link to={`articles/${stored.id}/live`} className="button button-small button-ghost" onClick={(event) => {
                if (!unsaved) return;
                event.preventDefault();
                setLeaving(() => () => navigate(`articles/${stored.id}/live`));
              }}>{t('live.openConsole')}</Link>
            </div>
          ) : values.kind === 'live' && <p className="field-hint">{t('live.saveFirst')}</p>}
        </fieldset>

        <div className="admin-form-actions">
          <button type="button" className="button button-ghost" onClick={requestClose} disabled={form.busy}>{t('common.cancel')}</button>
          <button type="submit" className="button" disabled={form.busy || uploads.held}>
            {form.busy ? t('common.saving') : t(article ? 'articles.submitUpdate' : 'articles.submitCreate')}
          </button>
        </div>
      </form>
      <div ref={setDialogHost} />
      <ConfirmDialog open={leaving !== null} message={t('history.leaveConfirm')} confirmLabel={t('history.leave')}
        onConfirm={() => leaving?.()} onClose={() => setLeaving(null)} />
      <PexelsPicker open={picking} onClose={() => setPicking(false)} onSelect={(photo) => {
        set('imageUrl', photo.url);
        set('imageAlt', photo.alt);
        set('imageCredit', photo.credit);
        setPicking(false);
      }} />
    </Dialog>
  );
}
