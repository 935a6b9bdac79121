import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AI_ARTICLE_TYPES, AI_CATEGORIES, AI_IMAGE_SIZES, AI_LENGTHS, ERROR_CODES, LIMITS } from '@redaktion/shared';
import type { AiDraft } from '@redaktion/shared/admin-client';
import { ApiError, apiPaths } from '@redaktion/shared/client';
import { useAdminQuery } from '../data';
import { useAdminT, type AdminKey } from '../i18n';
import { StockPhotoBrowser, type PickedPhoto } from '../media/PexelsPicker';
import { useMediaSrc } from '../media/SingleFileUpload';
import { useAdminClient, useApi } from '../platform';
import { QUERY_KEYS, useChanged } from '../queries';
import { failureText, useNotify } from '../ui/feedback';
import { Select, TextArea, TextInput } from '../ui/form';
import { useTabKeys } from '../ui/use-tab-keys';
import { CopyButton } from './CopyButton';
import { BodyPreview } from '../articles/BodyPreview';

type AiCategory = (typeof AI_CATEGORIES)[number];
type Length = keyof typeof AI_LENGTHS;
type ArticleType = (typeof AI_ARTICLE_TYPES)[number];
type ImageSize = (typeof AI_IMAGE_SIZES)[number];
type TopicCategory = Exclude<AiCategory, 'opinion'>;
export type DraftArticle = AiDraft & { category: AiCategory };

/** The draft's image when none was chosen (admin-area.md §2: a fallback image is used). */
export const FALLBACK_IMAGE = '/api/placeholder/1200/630';
const TOPIC_CATEGORIES = AI_CATEGORIES.filter((category): category is TopicCategory => category !== 'opinion');
const TABS = [
  { id: 'article', label: 'ai.tabArticle' },
  { id: 'image', label: 'ai.tabImage' },
  { id: 'topics', label: 'ai.tabTopics' },
] as const satisfies readonly { id: string; label: AdminKey }[];
type Tab = (typeof TABS)[number]['id'];

const isNotConfigured = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.notConfigured;

/** The body that saves a generated article as a draft (admin-area.md §7); publishing happens later in the Articles tab. */
export function draftBody(article: DraftArticle, image: PickedPhoto | null, now = new Date()) {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    category: article.category,
    status: 'draft' as const,
    featured: false,
    author: 'AI Generated',
    imageUrl: image?.url ?? FALLBACK_IMAGE,
    ...(image ? { imageAlt: image.alt, imageCredit: image.credit } : {}),
    readTime: Math.min(LIMITS.readTimeMax, Math.max(LIMITS.readTimeMin, Math.round(article.readTime))),
    publishedAt: now.toISOString(),
  };
}

/**
 * /admin/ai-generator (admin-area.md §2, §5, §8): an article from a topic, an image (AI or stock photo), topic ideas,
 * and the draft made of the two. The workflow indicator follows the four steps.
 */
export function AiGenerator() {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const api = useApi();
  const changed = useChanged();
  const config = useAdminQuery(QUERY_KEYS.config, () => api.get(apiPaths.config));
  const [tab, setTab] = useState<Tab>('article');
  const [topic, setTopic] = useState('');
  const [article, setArticle] = useState<DraftArticle | null>(null);
  const [image, setImage] = useState<PickedPhoto | null>(null);
  const [created, setCreated] = useState<{ title: string; withImage: boolean } | null>(null);
  const [creating, setCreating] = useState(false);
  const [aiRefused, setAiRefused] = useState(false);
  const topicInput = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const mediaSrc = useMediaSrc();
  const aiOff = aiRefused || config.data?.integrations.ai === false;

  /** A call refused because AI is not configured turns the notice on. */
  const noteRefusal = (error: unknown) => {
    if (isNotConfigured(error)) setAiRefused(true);
  };

  const steps: { label: AdminKey; done: boolean }[] = [
    { label: 'ai.stepArticle', done: article !== null || created !== null },
    { label: 'ai.stepImage', done: image !== null || Boolean(created?.withImage) },
    { label: 'ai.stepDraft', done: created !== null },
    { label: 'ai.stepPublish', done: false },
  ];

  const keys = useTabKeys(TABS, (id) => setTab(id as Tab));

  const chooseTopic = (idea: string) => {
    setTopic(idea);
    setTab('article');
    requestAnimationFrame(() => topicInput.current?.querySelector('input')?.focus());
  };

  const createDraft = async () => {
    if (!article) {
      notify.error(t('ai.noArticle'), t('ai.noArticleText'));
      return;
    }
    setCreating(true);
    try {
      await admin.articles.create(draftBody(article, image));
      notify.success(t('ai.created'), t('ai.createdText'));
      setCreated({ title: article.title, withImage: image !== null });
      setArticle(null);
      setImage(null);
      changed('article');
    } catch (error) {
      notify.error(t('ai.creationFailed'), failureText(error, t('ai.createFailed'), t));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="container admin ai-generator">
      <header className="admin-header">
        <div>
          <Link to=".." relative="path" className="admin-back">← {t('ai.back')}</Link>
          <h1>{t('ai.title')}</h1>
          <p className="admin-subtitle">{t('ai.subtitle')}</p>
        </div>
      </header>

      <ol className="workflow" aria-label={t('ai.workflow')}>
        {steps.map((step) => (
          <li key={step.label} data-done={step.done}>
            {t(step.label)}{step.done && <span className="visually-hidden"> ({t('ai.stepDone')})</span>}
          </li>
        ))}
      </ol>

      {aiOff && <p className="admin-notice" role="alert">{t('ai.notConfigured')}</p>}

      <div role="tablist" aria-label={t('ai.tabs')} className="admin-tabs">
        {TABS.map((item, index) => (
          <button key={item.id} type="button" role="tab" id={`${baseId}-tab-${item.id}`} aria-controls={`${baseId}-panel-${item.id}`}
            aria-selected={tab === item.id} tabIndex={tab === item.id ? 0 : -1} className="admin-tab"
            ref={keys.ref(index)} onClick={() => setTab(item.id)} onKeyDown={(event) => keys.onKeyDown(event, index)}>
            {t(item.label)}
          </button>
        ))}
      </div>
      {/* Panels stay mounted while hidden so that switching tabs keeps what was typed and found. */}
      <section role="tabpanel" id={`${baseId}-panel-article`} aria-labelledby={`${baseId}-tab-article`} hidden={tab !== 'article'} className="admin-panel">
        <div ref={topicInput}>
          <ArticleGenerator topic={topic} onTopic={setTopic} aiOff={aiOff} onRefused={noteRefusal}
            onGenerated={(generated) => { setArticle(generated); setCreated(null); }} />
        </div>
        {article && <ArticlePreview article={article} />}
      </section>
      <section role="tabpanel" id={`${baseId}-panel-image`} aria-labelledby={`${baseId}-tab-image`} hidden={tab !== 'image'} className="admin-panel">
        <ImageGenerator aiOff={aiOff} onRefused={noteRefusal} chosen={image} onImage={setImage} />
      </section>
      <section role="tabpanel" id={`${baseId}-panel-topics`} aria-labelledby={`${baseId}-tab-topics`} hidden={tab !== 'topics'} className="admin-panel">
        <TopicIdeas aiOff={aiOff} onRefused={noteRefusal} onChoose={chooseTopic} />
      </section>

      <section className="admin-card admin-section ai-draft" aria-labelledby={`${baseId}-draft`}>
        <h2 id={`${baseId}-draft`}>{t('ai.draftHeading')}</h2>
        <p>{article ? t('ai.draftArticle', { title: article.title }) : t('ai.draftNoArticle')}</p>
        {image ? (
          <div className="ai-chosen-image">
            <img src={mediaSrc(image.url)} alt={image.alt} className="upload-preview" />
            <p className="field-hint">{image.credit}</p>
            <button type="button" className="button button-ghost button-small" onClick={() => setImage(null)}>{t('ai.removeImage')}</button>
          </div>
        ) : <p className="field-hint">{t('ai.draftNoImage')}</p>}
        {created && (
          <p role="status">
            {t('ai.draftCreated', { title: created.title })} <Link to="..?tab=articles" relative="path">{t('ai.openArticles')}</Link>
          </p>
        )}
        <div className="admin-form-actions">
          <button type="button" className="button button-accent" onClick={() => void createDraft()} disabled={creating}>
            {creating ? t('ai.creating') : t('ai.createDraft')}
          </button>
        </div>
      </section>
    </div>
  );
}

interface Generating { aiOff: boolean; onRefused(error: unknown): void }

function ArticleGenerator({ topic, onTopic, onGenerated, aiOff, onRefused }: Generating & {
  topic: string; onTopic(topic: string): void; onGenerated(article: DraftArticle): void;
}) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const [tone, setTone] = useState('');
  const [length, setLength] = useState<Length>('medium');
  const [category, setCategory] = useState<AiCategory>('news');
  const [articleType, setArticleType] = useState<ArticleType>('news');
  const [model, setModel] = useState('');
  const [busy, setBusy] = useState(false);

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!topic.trim()) {
      notify.error(t('ai.topicRequired'), t('ai.topicRequiredText'));
      return;
    }
    setBusy(true);
    try {
      const result = await admin.ai.generateArticle({
        topic: topic.trim(), tone: tone.trim() || undefined, length, category, articleType, customGptModel: model.trim() || undefined,
      });
      onGenerated({ ...result, category });
      notify.success(t('ai.articleGenerated'));
    } catch (error) {
      onRefused(error);
      notify.error(t('ai.generationFailed'), failureText(error, t('ai.articleFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={generate}>
      <TextInput label={t('ai.topic')} placeholder={t('ai.topicPlaceholder')} value={topic} onChange={onTopic} disabled={busy} />
      <div className="admin-form-row">
        <TextInput label={t('ai.tone')} placeholder={t('ai.tonePlaceholder')} value={tone} onChange={setTone} disabled={busy} />
        <Select<Length> label={t('ai.length')} value={length} onChange={setLength} disabled={busy}
          options={(Object.keys(AI_LENGTHS) as Length[]).map((value) => ({
            value, label: t(`ai.length.${value}`, { min: AI_LENGTHS[value][0], max: AI_LENGTHS[value][1] }),
          }))} />
      </div>
      <div className="admin-form-row">
        <Select<AiCategory> label={t('ai.category')} value={category} onChange={setCategory} disabled={busy}
          options={AI_CATEGORIES.map((value) => ({ value, label: t(`ai.category.${value}`) }))} />
        <Select<ArticleType> label={t('ai.articleType')} value={articleType} onChange={setArticleType} disabled={busy}
          options={AI_ARTICLE_TYPES.map((value) => ({ value, label: t(`ai.type.${value}`) }))} />
      </div>
      <TextInput label={t('ai.model')} hint={t('ai.modelHint')} placeholder="gpt-4o" value={model} onChange={setModel} disabled={busy} />
      <div className="admin-form-actions">
        <button type="submit" className="button button-accent" disabled={busy || aiOff}>{busy ? t('ai.generating') : t('ai.generateArticle')}</button>
      </div>
    </form>
  );
}

function ArticlePreview({ article }: { article: DraftArticle }) {
  const t = useAdminT();
  return (
    <article className="admin-card ai-preview" aria-labelledby="ai-preview-title">
      <p className="admin-row-meta">
        <span className="admin-tag">{t(`ai.category.${article.category}`)}</span>
        <span>{t('ai.readTime', { n: article.readTime })}</span>
      </p>
      <h2 id="ai-preview-title">{article.title}</h2>
      <p className="ai-preview-excerpt">{article.excerpt}</p>
      <BodyPreview markdown={article.content} />
      <div className="admin-form-actions">
        <CopyButton text={article.title} label={t('ai.copyTitle')} />
        <CopyButton text={article.excerpt} label={t('ai.copyExcerpt')} />
        <CopyButton text={article.content} label={t('ai.copyContent')} />
      </div>
    </article>
  );
}

function ImageGenerator({ aiOff, onRefused, chosen, onImage }: Generating & { chosen: PickedPhoto | null; onImage(image: PickedPhoto): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const [source, setSource] = useState<'ai' | 'stock'>('ai');
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState('');
  const [size, setSize] = useState<ImageSize>('1024x1024');
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<PickedPhoto | null>(null);
  const mediaSrc = useMediaSrc();

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      notify.error(t('ai.promptRequired'));
      return;
    }
    setBusy(true);
    try {
      const { url } = await admin.ai.generateImage({ prompt: prompt.trim(), style: style.trim() || undefined, size });
      const image = { url, alt: prompt.trim(), credit: t('ai.aiImageCredit') };
      setGenerated(image);
      onImage(image);
      notify.success(t('ai.imageGenerated'));
    } catch (error) {
      onRefused(error);
      notify.error(t('ai.generationFailed'), failureText(error, t('ai.imageFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-form">
      <div className="ai-source" role="group" aria-label={t('ai.imageSource')}>
        <button type="button" className="button button-small" aria-pressed={source === 'ai'} onClick={() => setSource('ai')}>{t('ai.sourceAi')}</button>
        <button type="button" className="button button-small" aria-pressed={source === 'stock'} onClick={() => setSource('stock')}>{t('ai.sourceStock')}</button>
      </div>
      {source === 'ai' ? (
        <form className="admin-form" noValidate onSubmit={generate}>
          <TextArea label={t('ai.prompt')} rows={3} value={prompt} onChange={setPrompt} disabled={busy} />
          <div className="admin-form-row">
            <TextInput label={t('ai.style')} placeholder={t('ai.stylePlaceholder')} value={style} onChange={setStyle} disabled={busy} />
            <Select<ImageSize> label={t('ai.size')} value={size} onChange={setSize} disabled={busy}
              options={AI_IMAGE_SIZES.map((value) => ({ value, label: t(`ai.size.${value}`) }))} />
          </div>
          <div className="admin-form-actions">
            <button type="submit" className="button button-accent" disabled={busy || aiOff}>{busy ? t('ai.generating') : t('ai.generateImage')}</button>
          </div>
          {/* Only while it is the draft's image: a created draft, a removed image or a stock photo take it away. */}
          {generated && generated === chosen && <img src={mediaSrc(generated.url)} alt={generated.alt} className="upload-preview ai-generated-image" />}
        </form>
      ) : (
        <StockPhotoBrowser emptySearchTitle={t('ai.searchRequired')} saveFailedTitle={t('ai.saveFailed')}
          onChoose={(photo) => notify.success(t('ai.imageSelected'), t('ai.imageSelectedText', { name: photo.photographer }))}
          onSaved={(photo) => {
            onImage(photo);
            notify.success(t('ai.imageSaved'), t('ai.imageSavedText'));
          }} />
      )}
    </div>
  );
}

function TopicIdeas({ aiOff, onRefused, onChoose }: Generating & { onChoose(topic: string): void }) {
  const t = useAdminT();
  const notify = useNotify();
  const admin = useAdminClient();
  const [category, setCategory] = useState<TopicCategory>('news');
  const [topics, setTopics] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const getIdeas = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setTopics((await admin.ai.topicSuggestions(category)).topics);
    } catch (error) {
      onRefused(error);
      notify.error(t('ai.generationFailed'), failureText(error, t('ai.topicsFailed'), t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-form">
      <form className="admin-inline-add" noValidate onSubmit={getIdeas}>
        <Select<TopicCategory> label={t('ai.category')} value={category} onChange={setCategory} disabled={busy}
          options={TOPIC_CATEGORIES.map((value) => ({ value, label: t(`ai.category.${value}`) }))} />
        <button type="submit" className="button button-accent" disabled={busy || aiOff}>{busy ? t('ai.gettingIdeas') : t('ai.getIdeas')}</button>
      </form>
      {topics && (topics.length === 0 ? <p className="empty">{t('ai.noTopics')}</p> : (
        <>
          <p className="field-hint">{t('ai.topicsHint')}</p>
          <ul className="admin-list">
            {topics.map((idea) => (
              <li key={idea}>
                <button type="button" className="admin-row ai-topic" onClick={() => onChoose(idea)}>{idea}</button>
              </li>
            ))}
          </ul>
        </>
      ))}
    </div>
  );
}
