import type { AdvertisementInput, JournalistInput, SeriesInput } from '@redaktion/shared';
import { slugify } from '@redaktion/shared';
import type { Db } from '../../db/connection.js';
import type { AdvertisementRow, CategoryRow, CustomVideoRow, JournalistRow, PodcastSeriesRow } from '../../db/rows.js';
import { insertedId, nowIso, toCount, toJson } from '../../db/values.js';
import { conflict, notFound } from '../../errors.js';
import type { Page } from '../content/published.js';
import type { CountedSeriesRow } from '../content/podcasts.js';
import { editableTable, replacing, type Changes } from './table.js';

const isUniqueViolation = (error: unknown) => /unique/i.test(String((error as Error).message));

/** Series, ads, journalists, categories and custom videos: edited directly, without the publication workflow. */
export function createCatalogueAdmin(db: Db) {
  const series = editableTable<PodcastSeriesRow>(db, 'podcast_series');
  const ads = editableTable<AdvertisementRow>(db, 'advertisements');
  const journalists = editableTable<JournalistRow>(db, 'journalists');
  const videos = editableTable<CustomVideoRow>(db, 'custom_videos');
  const category = async (id: number): Promise<CategoryRow | undefined> => db('categories').where({ id }).first();

  const found = <R>(row: R | undefined): R => {
    if (!row) throw notFound();
    return row;
  };

  async function journalistSave(id: number | null, input: JournalistInput): Promise<JournalistRow> {
    const row = {
      ...replacing(['title', 'bio', 'profileImage', 'specialty'], input), expertise: toJson(input.expertise), socialLinks: toJson(input.socialLinks), active: input.status !== 'inactive',
    };
    try {
      return id === null ? await journalists.insert(row) : found(await journalists.update(id, row));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A journalist with this email already exists');
      throw error;
    }
  }

  const adRow = (input: AdvertisementInput) => ({
    ...replacing(['imageUrl', 'linkUrl', 'partnerName'], input),
    startDate: input.startDate ? new Date(input.startDate).toISOString() : nowIso(),
    endDate: input.endDate ? new Date(input.endDate).toISOString() : null,
  });

  return {
    series: {
      /** Every series with its number of episodes in any status (the editor's count, not the reader's). */
      list: async (page: Page): Promise<CountedSeriesRow[]> => {
        const episodes = db('podcasts').count('*').whereRaw('podcasts.series_id = podcast_series.id');
        return db('podcast_series').select('podcast_series.*', db.raw('(?) as episode_count', [episodes]))
          .orderBy('podcast_series.updatedAt', 'desc').orderBy('podcast_series.id', 'desc')
          .limit(page.limit ?? 100).offset(page.offset ?? 0);
      },
      create: (input: SeriesInput) => series.insert(input),
      update: async (id: number, input: SeriesInput) => found(await series.update(id, replacing(['hostName'], input))),
      /**
       * A series with episodes is not deleted: the episodes would lose their series or vanish with it.
       * The editor moves or deletes them first (409).
       */
      async remove(id: number): Promise<void> {
        await db.transaction(async (trx) => {
          const episodes = toCount(await trx('podcasts').where({ seriesId: id }).count('* as count').first());
          if (!(await series.byId(id, trx))) throw notFound();
          if (episodes > 0) throw conflict(`This series still has ${episodes} episode(s): move or delete them first`);
          await series.remove(id, trx);
        });
      },
    },

    advertisements: {
      list: (page: Page) => ads.list(page),
      create: (input: AdvertisementInput) => ads.insert({ ...adRow(input), impressions: 0, clicks: 0 }),
      update: async (id: number, input: AdvertisementInput) => found(await ads.update(id, adRow(input))),
      remove: async (id: number) => { if (!(await ads.remove(id))) throw notFound(); },
    },

    journalists: {
      list: (page: Page) => journalists.list(page),
      create: (input: JournalistInput) => journalistSave(null, input),
      update: (id: number, input: JournalistInput) => journalistSave(id, input),
      remove: async (id: number) => { if (!(await journalists.remove(id))) throw notFound(); },
    },

    categories: {
      list: async (): Promise<CategoryRow[]> => db('categories').orderBy('position').orderBy('id'),
      async create(input: { name: string; description?: string; color?: string }): Promise<CategoryRow> {
        const slug = slugify(input.name);
        const taken = await db('categories').whereRaw('lower(name) = ?', [input.name.toLowerCase()]).orWhere({ slug }).first('id');
        if (taken) throw conflict('Category already exists');
        const position = toCount(await db('categories').count('* as count').first());
        try {
          const [row] = await db('categories').insert({ ...input, slug, active: true, position, createdAt: nowIso() }, ['id']);
          return found(await category(insertedId([row])));
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict('Category already exists');
          throw error;
        }
      },
      /** Renaming keeps the slug: articles refer to categories by slug. */
      async update(id: number, input: { name?: string; description?: string; color?: string; active?: boolean }): Promise<CategoryRow> {
        if (input.name) {
          const taken = await db('categories').whereRaw('lower(name) = ?', [input.name.toLowerCase()]).whereNot({ id }).first('id');
          if (taken) throw conflict('Category already exists');
        }
        const changed = await db('categories').where({ id }).update(input);
        if (!changed) throw notFound();
        return found(await category(id));
      },
      /** A category in use is deactivated (its articles keep it); an unused one is removed. */
      async remove(id: number): Promise<void> {
        const { slug } = found(await category(id));
        const used = toCount(await db('articles').where({ category: slug }).count('* as count').first())
          + toCount(await db('people_profiles').where({ category: slug }).count('* as count').first());
        if (used > 0) await db('categories').where({ id }).update({ active: false });
        else await db('categories').where({ id }).delete();
      },
    },

    customVideos: {
      list: async (page: Page): Promise<CustomVideoRow[]> => db('custom_videos').orderBy('priority', 'desc').orderBy('createdAt', 'desc')
        .orderBy('id', 'desc').limit(page.limit ?? 100).offset(page.offset ?? 0),
      byId: (id: number) => videos.byId(id),
      /** Whether a custom video already plays this file (deleting one video deletes its file). */
      usingFile: async (videoUrl: string): Promise<boolean> => Boolean(await db('custom_videos').where({ videoUrl }).first('id')),
      /** Slugs are unique: a second video with the same title gets -2, and so on (contract.md §5). */
      async create(input: { title: string; description: string; duration: string; videoUrl: string; thumbnailUrl: string | null; uploadedBy: number }): Promise<CustomVideoRow> {
        const base = slugify(input.title);
        const taken = new Set((await db('custom_videos').where('slug', 'like', `${base}%`).pluck('slug')) as string[]);
        let slug = base;
        for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
        return videos.insert({ ...input, slug, active: true, priority: 0 });
      },
      update: async (id: number, input: Changes<CustomVideoRow>) => found(await videos.update(id, input)),
      remove: (id: number) => videos.remove(id),
    },
  };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
