import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The request that asked for a job, so that the job's log lines can be followed back to it.
  await knex.schema.alterTable('background_jobs', (t) => {
    t.string('request_id', 100);
  });

  // AI generations run as jobs; their state and result are kept here so that any process can answer for them.
  await knex.schema.createTable('ai_jobs', (t) => {
    t.string('id', 36).primary();
    t.string('type', 10).notNullable();
    t.text('input').notNullable();
    t.string('status', 10).notNullable();
    t.text('result');
    t.text('error');
    t.integer('error_status');
    t.string('error_code', 40);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
    t.index(['finished_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ai_jobs');
  await knex.schema.alterTable('background_jobs', (t) => {
    t.dropColumn('request_id');
  });
}
