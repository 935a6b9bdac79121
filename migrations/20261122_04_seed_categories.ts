import type { Knex } from 'knex';

/** The eight categories of the spec, with the News page's colours; they drive validation and the News pills. */
const CATEGORIES = [
  { name: 'News', slug: 'news', color: '#1d4ed8', description: 'Det viktigaste just nu' },
  { name: 'Politics', slug: 'politics', color: '#b42318', description: 'Makt, beslut och val' },
  { name: 'Society', slug: 'society', color: '#0f766e', description: 'Människor och samhälle' },
  { name: 'Arts & Culture', slug: 'culture', color: '#7c3aed', description: 'Kultur, konst och idéer' },
  { name: 'Business', slug: 'business', color: '#9a5b00', description: 'Ekonomi och näringsliv' },
  { name: 'Technology', slug: 'technology', color: '#0369a1', description: 'Teknik och innovation' },
  { name: 'Opinion', slug: 'opinion', color: '#4b5563', description: 'Debatt och analys' },
  { name: 'People', slug: 'people', color: '#be185d', description: 'Porträtt och intervjuer' },
];

export async function up(knex: Knex): Promise<void> {
  const createdAt = new Date().toISOString();
  await knex('categories').insert(CATEGORIES.map((category, position) => ({ ...category, position, active: true, created_at: createdAt })));
}

export async function down(knex: Knex): Promise<void> {
  await knex('categories').whereIn('slug', CATEGORIES.map((category) => category.slug)).delete();
}
