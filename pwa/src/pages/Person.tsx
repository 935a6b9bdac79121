import { Link, useParams } from 'react-router-dom';
import type { PersonProfile } from '@redaktion/shared';
import { Loading } from '../components/cards';
import { SaveButton } from '../components/SaveButton';
import { ShareButton } from '../components/ShareButton';
import { useApi } from '../data/api-cache';
import { formatDate, useI18n, type Locale } from '../i18n';
import { NotFoundState } from './NotFound';
import { FallbackImage } from './People';
import { imageSources } from '../data/image-sources';
import { categoryLabel } from '../components/cards';
import { personReads } from './Person.data';

type Network = keyof PersonProfile['socialLinks'];
const NETWORKS: { key: Network; label: string; base: string }[] = [
  { key: 'twitter', label: 'X (Twitter)', base: 'https://x.com/' },
  { key: 'instagram', label: 'Instagram', base: 'https://www.instagram.com/' },
  { key: 'linkedin', label: 'LinkedIn', base: 'https://www.linkedin.com/in/' },
];

/** A social link as an address: full http(s) addresses as they are, a handle on the network's site; anything else is dropped. */
export function socialHref(network: Network, value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  const base = NETWORKS.find((n) => n.key === network)?.base ?? '';
  if (/^(www\.)?[a-z0-9-]+\.[a-z]{2,}\//i.test(text)) return `https://${text}`;
  return `${base}${encodeURIComponent(text.replace(/^@/, ''))}`;
}

/** Bio paragraphs: separated by blank lines. */
export const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

/** A birth date as a date when it is one, else the text as entered. */
function birthText(value: string, locale: Locale): string {
  return Number.isNaN(new Date(value).getTime()) ? value : formatDate(value, locale, { dateStyle: 'long' });
}

export default function Person() {
  const { t, locale } = useI18n();
  const { id = '' } = useParams();
  const { data: person, error, loading } = useApi(personReads(id).person);
  if (loading) return <Loading />;
  if (error || !person) return <NotFoundState title={t('person.notFound')} backTo="/people" backLabel={t('people.title')} error={error} />;
  const links = NETWORKS.map((n) => ({ ...n, href: socialHref(n.key, person.socialLinks?.[n.key]) })).filter((n) => n.href);
  const gallery = person.photoGallery ?? [];
  const achievements = person.achievements ?? [];
  return (
    <div className="container media-page person-page">
      <p className="back-link"><Link to="/people"><span aria-hidden="true">← </span>{t('people.title')}</Link></p>
      <article aria-labelledby="person-name">
        <header className="person-hero">
          <div className="person-portrait">
            <FallbackImage src={person.profileImage} alt={person.name} width={480} height={600} eager />
          </div>
          <div className="person-intro">
            {person.category && <p className="eyebrow"><span className="badge">{categoryLabel(t, person.category)}</span></p>}
            <h1 id="person-name">{person.name}</h1>
            {person.title && <p className="person-title">{person.title}</p>}
            <ul className="person-facts meta">
              {person.location && <li><span aria-hidden="true">📍 </span>{person.location}</li>}
              {person.birthDate && <li>{t('person.born', { date: birthText(person.birthDate, locale) })}</li>}
            </ul>
            <div className="media-actions"><SaveButton subject={{ kind: 'profile', item: person }} /><ShareButton title={person.name} label={t('person.shareProfile')} /></div>
          </div>
        </header>

        <div className="person-layout">
          <div className="prose person-bio">
            {paragraphs(person.bio || person.excerpt || '').map((text, index) => <p key={index}>{text}</p>)}
          </div>
          <aside className="person-aside stack">
            {achievements.length > 0 && (
              <section className="card person-panel" aria-labelledby="person-achievements">
                <div className="card-body">
                  <h2 id="person-achievements">{t('person.achievements')}</h2>
                  <ul className="achievement-list">{achievements.map((a, index) => <li key={index}>{a}</li>)}</ul>
                </div>
              </section>
            )}
            {links.length > 0 && (
              <section className="card person-panel" aria-labelledby="person-connect">
                <div className="card-body">
                  <h2 id="person-connect">{t('person.connect')}</h2>
                  <ul className="social-list">
                    {links.map((link) => (
                      <li key={link.key}>
                        <a href={link.href ?? undefined} target="_blank" rel="noopener noreferrer" className={`social-link social-${link.key}`}>
                          {link.label}<span className="visually-hidden"> {t('common.newTab')}</span><span aria-hidden="true"> ↗</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              </section>
            )}
          </aside>
        </div>

        {gallery.length > 0 && (
          <section className="media-section" aria-labelledby="person-gallery">
            <div className="section-header"><h2 id="person-gallery">{t('person.gallery')}</h2></div>
            <ul className="photo-gallery">
              {gallery.map((src, index) => (
                <li key={`${src}-${index}`}>
                  <img src={src} {...imageSources(src, '(max-width: 480px) 100vw, 480px')} alt={`${person.name} – ${index + 1}`} width={480} height={360} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
