import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Personal access tokens (contract.md §8): only the SHA-256 of a token is kept.
  await knex.schema.createTable('access_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('access_tokens');
}
