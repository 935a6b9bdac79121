import type { Knex } from 'knex';

function timestamps(t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable();
  t.timestamp('updated_at', { useTz: true }).notNullable();
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable().unique();
    t.string('slug', 100).notNullable().unique();
    t.text('description');
    t.string('color', 20);
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('journalists', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('email', 255).notNullable().unique();
    t.text('bio');
    t.string('profile_image', 500);
    t.string('title', 200);
    t.string('specialty', 200);
    t.json('expertise').notNullable();
    t.string('status', 20).notNullable().defaultTo('active');
    t.boolean('active').notNullable().defaultTo(true);
    t.json('social_links').notNullable();
    timestamps(t);
    t.index(['name']);
  });

  await knex.schema.createTable('articles', (t) => {
    t.increments('id');
    t.string('title', 300).notNullable();
    t.text('content').notNullable();
    t.text('excerpt').notNullable();
    t.string('category', 100).notNullable();
    t.string('image_url', 500);
    t.string('image_alt', 300);
    t.string('image_credit', 300);
    t.string('author', 200).notNullable();
    t.integer('author_id').references('id').inTable('journalists').onDelete('SET NULL');
    t.string('author_image', 500);
    t.string('author_title', 200);
    t.integer('read_time').notNullable().defaultTo(5);
    t.timestamp('published_at', { useTz: true });
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('category_featured').notNullable().defaultTo(false);
    t.boolean('premium').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('draft');
    timestamps(t);
    t.index(['status', 'published_at'], 'articles_status_published_idx');
    t.index(['category', 'status', 'published_at'], 'articles_category_status_published_idx');
    t.index(['featured']);
  });

  await knex.schema.createTable('podcast_series', (t) => {
    t.increments('id');
    t.string('title', 300).notNullable();
    t.text('description').notNullable();
    t.string('category', 100).notNullable();
    t.string('image_url', 500);
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('host_id').references('id').inTable('journalists').onDelete('SET NULL');
    t.string('host_name', 200);
    timestamps(t);
  });

  await knex.schema.createTable('podcasts', (t) => {
    t.increments('id');
    t.integer('series_id').references('id').inTable('podcast_series').onDelete('RESTRICT');
    t.string('kind', 20).notNullable().defaultTo('episode');
    t.string('title', 300).notNullable();
    t.text('description').notNullable();
    t.string('category', 100);
    t.string('image_url', 500);
    // The stored audio file's name under DATA_DIR/audio; clients only ever see /api/podcasts/{id}/audio.
    t.string('audio_file', 300);
    t.integer('duration').notNullable().defaultTo(0);
    t.integer('episode_number').notNullable().defaultTo(1);
    t.timestamp('published_at', { useTz: true });
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('premium').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('draft');
    timestamps(t);
    t.index(['status', 'published_at'], 'podcasts_status_published_idx');
    t.index(['series_id', 'episode_number'], 'podcasts_series_episode_idx');
    t.index(['kind', 'status', 'published_at'], 'podcasts_kind_status_published_idx');
  });

  await knex.schema.createTable('advertisements', (t) => {
    t.increments('id');
    t.string('title', 300).notNullable();
    t.text('description').notNullable();
    t.string('image_url', 500);
    t.string('link_url', 1000);
    t.string('placement', 40).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.string('partner_name', 200);
    t.timestamp('start_date', { useTz: true });
    t.timestamp('end_date', { useTz: true });
    t.integer('impressions').notNullable().defaultTo(0);
    t.integer('clicks').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['active', 'placement']);
  });

  await knex.schema.createTable('custom_videos', (t) => {
    t.increments('id');
    t.string('title', 300).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.text('description').notNullable();
    t.string('video_url', 500).notNullable();
    t.string('thumbnail_url', 500);
    t.string('duration', 20).notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('priority').notNullable().defaultTo(0);
    t.integer('uploaded_by').references('id').inTable('users').onDelete('SET NULL');
    timestamps(t);
    t.index(['active', 'priority']);
  });

  await knex.schema.createTable('people_profiles', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('title', 300).notNullable();
    t.text('excerpt').notNullable();
    t.text('bio').notNullable();
    t.string('category', 100).notNullable();
    t.string('profile_image', 500);
    t.string('location', 200);
    t.string('birth_date', 10);
    t.json('achievements').notNullable();
    t.json('photo_gallery').notNullable();
    t.json('social_links').notNullable();
    t.string('author', 200);
    t.integer('read_time').notNullable().defaultTo(5);
    t.boolean('featured').notNullable().defaultTo(false);
    t.string('status', 20).notNullable().defaultTo('draft');
    t.timestamp('published_at', { useTz: true });
    timestamps(t);
    t.index(['status', 'published_at'], 'people_status_published_idx');
  });

  await knex.schema.createTable('content_approvals', (t) => {
    t.increments('id');
    t.string('content_type', 20).notNullable();
    t.integer('content_id').notNullable();
    t.integer('submitted_by').references('id').inTable('users').onDelete('SET NULL');
    t.integer('reviewed_by').references('id').inTable('users').onDelete('SET NULL');
    t.string('status', 20).notNullable().defaultTo('pending');
    t.text('comments');
    t.timestamp('submitted_at', { useTz: true }).notNullable();
    t.timestamp('reviewed_at', { useTz: true });
    t.index(['status', 'submitted_at']);
    t.index(['content_type', 'content_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['content_approvals', 'people_profiles', 'custom_videos', 'advertisements', 'podcasts',
    'podcast_series', 'articles', 'journalists', 'categories']) {
    await knex.schema.dropTable(table);
  }
}
