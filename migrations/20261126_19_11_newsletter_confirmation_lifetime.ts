import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A confirmation link works once and for a week: the hourly clean-up deletes used and expired links by these.
  await knex.schema.alterTable('newsletter_confirmations', (t) => {
    t.timestamp('used_at', { useTz: true });
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_confirmations', (t) => {
    t.dropIndex(['created_at']);
    t.dropColumn('used_at');
  });
}
