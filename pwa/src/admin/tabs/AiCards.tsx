import { Link } from 'react-router-dom';
import { AI_ARTICLE_TYPES, AI_CATEGORIES, AI_IMAGE_SIZES, AI_LENGTHS } from '@redaktion/shared';
import { useAdminT } from '../i18n';

/** The AI generator tab (admin-area.md §2): what the generator does, each card leading to /admin/ai-generator. */
export function AiTab() {
  const t = useAdminT();
  const lengths = (Object.keys(AI_LENGTHS) as (keyof typeof AI_LENGTHS)[])
    .map((value) => t(`ai.length.${value}`, { min: AI_LENGTHS[value][0], max: AI_LENGTHS[value][1] }));
  const cards = [
    {
      id: 'articles', title: t('aiCards.articlesTitle'), text: t('aiCards.articlesText'),
      facts: [
        lengths.join(' · '),
        t('aiCards.tones'),
        AI_ARTICLE_TYPES.map((value) => t(`ai.type.${value}`)).join(' · '),
        AI_CATEGORIES.map((value) => t(`ai.category.${value}`)).join(' · '),
      ],
    },
    {
      id: 'images', title: t('aiCards.imagesTitle'), text: t('aiCards.imagesText'),
      facts: [AI_IMAGE_SIZES.map((value) => t(`ai.size.${value}`)).join(' · '), t('aiCards.stockPhotos')],
    },
    {
      id: 'topics', title: t('aiCards.topicsTitle'), text: t('aiCards.topicsText'),
      facts: [AI_CATEGORIES.filter((value) => value !== 'opinion').map((value) => t(`ai.category.${value}`)).join(' · ')],
    },
  ];

  return (
    <section className="admin-section" aria-labelledby="ai-cards-heading">
      <div className="admin-toolbar">
        <div>
          <h2 id="ai-cards-heading">{t('aiCards.heading')}</h2>
          <p className="field-hint">{t('aiCards.intro')}</p>
        </div>
        <Link to="ai-generator" className="button button-accent">{t('aiCards.open')}</Link>
      </div>
      <ul className="admin-grid ai-cards">
        {cards.map((card) => (
          <li key={card.id} className="admin-card">
            <h3>{card.title}</h3>
            <p>{card.text}</p>
            <ul className="ai-card-facts">{card.facts.map((fact) => <li key={fact}>{fact}</li>)}</ul>
            <Link to="ai-generator" aria-label={`${t('aiCards.open')}: ${card.title}`}>{t('aiCards.open')} →</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
