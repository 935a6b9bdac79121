import type { Knex } from 'knex';

/**
 * Episode transcripts (contract §9 [voice]).
 *
 * `podcast_transcripts`: one row per episode, its draft (uploaded or machine-made cues, JSON, with a version that every
 * save changes) and its published cues. `podcasts.transcript_published_at` says whether an episode has a published
 * transcript, so that lists tell it without reading the cues.
 *
 * `transcript_lines`: the published cues one a row, which episode search matches (and shows the line of): a generated
 * tsvector with the swedish configuration on PostgreSQL, FTS5 kept in step by triggers on SQLite. The episodes' own
 * words (title, description) get the same, so that a search finds an episode by what it is called as well as by what
 * is said in it.
 *
 * `transcription_jobs`: a transcription under way or settled, for the admin's progress: the parts of the audio sent and
 * done, each done part's segments (JSON, already shifted to the episode's time) and the last failure.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.alterTable('podcasts', (t) => {
    t.timestamp('transcript_published_at', { useTz: true });
  });
  await knex.schema.createTable('podcast_transcripts', (t) => {
    t.integer('podcast_id').primary().references('id').inTable('podcasts').onDelete('CASCADE');
    t.text('draft');
    t.string('draft_source', 10);
    t.integer('draft_version').notNullable().defaultTo(0);
    t.timestamp('draft_updated_at', { useTz: true });
    t.integer('draft_updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('published');
    t.string('published_source', 10);
    t.timestamp('published_at', { useTz: true });
    t.integer('published_by').references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.schema.createTable('transcript_lines', (t) => {
    t.increments('id');
    t.integer('podcast_id').notNullable().references('id').inTable('podcasts').onDelete('CASCADE');
    t.double('start_seconds').notNullable();
    t.double('end_seconds').notNullable();
    t.text('text').notNullable();
    t.index(['podcast_id', 'start_seconds']);
  });
  await knex.schema.createTable('transcription_jobs', (t) => {
    t.string('id', 36).primary();
    t.integer('podcast_id').notNullable().references('id').inTable('podcasts').onDelete('CASCADE');
    t.string('status', 10).notNullable();
    t.integer('parts_done').notNullable().defaultTo(0);
    t.integer('parts_total');
    // Tries of the part under way: the last one that fails settles the job as failed.
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('segments').notNullable();
    t.text('error');
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
    t.index(['podcast_id', 'created_at']);
  });

  if (pg) {
    await knex.raw(`ALTER TABLE transcript_lines ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('swedish', text)) STORED`);
    await knex.raw('CREATE INDEX transcript_lines_search_idx ON transcript_lines USING GIN (search_vector)');
    await knex.raw(`ALTER TABLE podcasts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('swedish', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('swedish', coalesce(description, '')), 'B')) STORED`);
    await knex.raw('CREATE INDEX podcasts_search_idx ON podcasts USING GIN (search_vector)');
    return;
  }
  await ftsOver(knex, 'transcript_lines', ['text']);
  await ftsOver(knex, 'podcasts', ['title', 'description']);
}

/** An FTS5 index over `columns` of `table`, kept in step by triggers, filled with the rows there are. */
async function ftsOver(knex: Knex, table: string, columns: string[]): Promise<void> {
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  await knex.raw(`CREATE VIRTUAL TABLE ${table}_fts USING fts5(${list}, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`);
  await knex.raw(`CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.id, ${values('new')}); END`);
  await knex.raw(`CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
    INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')}); END`);
  await knex.raw(`CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF ${list} ON ${table} BEGIN
    INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});
    INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.id, ${values('new')}); END`);
  await knex.raw(`INSERT INTO ${table}_fts(${table}_fts) VALUES ('rebuild')`);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') await knex.raw('ALTER TABLE podcasts DROP COLUMN search_vector');
  else {
    for (const table of ['transcript_lines', 'podcasts']) {
      for (const trigger of ['insert', 'delete', 'update']) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_fts_${trigger}`);
      await knex.raw(`DROP TABLE IF EXISTS ${table}_fts`);
    }
  }
  for (const table of ['transcription_jobs', 'transcript_lines', 'podcast_transcripts']) await knex.schema.dropTable(table);
  await knex.schema.alterTable('podcasts', (t) => {
    t.dropColumn('transcript_published_at');
  });
}
