import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Secrets every API process must share (the session-signing key), generated once by whichever process starts first.
  await knex.schema.createTable('server_secrets', (t) => {
    t.string('name', 100).primary();
    t.text('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('server_secrets');
}
