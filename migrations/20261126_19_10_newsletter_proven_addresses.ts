import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The account that proved, through a confirmation link, that this address is its own: only it manages the
  // subscription from its settings (an account's e-mail address alone is unverified).
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL').unique();
  });

  // Each confirmation link has a token of its own, never the unsubscribe one, so that a forwarded confirmation mail
  // cannot unsubscribe; `user_id` is the account that asked for it from its settings (null for the public form).
  await knex.schema.createTable('newsletter_confirmations', (t) => {
    t.string('token', 64).primary();
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE').index();
    t.integer('user_id').references('id').inTable('users').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  // English subscribers get the editor's English subject when there is one.
  await knex.schema.alterTable('newsletter_sends', (t) => {
    t.string('subject_en', 200);
  });

  // A pending address keeps the link already mailed to it as its confirmation and, having had no digest yet, gets a new
  // unsubscribe token. Confirmed addresses keep theirs: their digests' unsubscribe links must go on working.
  const pending = (await knex('newsletter_subscribers').where({ status: 'pending' }).select('id', 'token')) as { id: number; token: string }[];
  for (const row of pending) {
    await knex('newsletter_confirmations').insert({ token: row.token, subscriber_id: row.id, created_at: new Date().toISOString() });
    await knex('newsletter_subscribers').where({ id: row.id }).update({ token: randomBytes(24).toString('base64url') });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_sends', (t) => {
    t.dropColumn('subject_en');
  });
  await knex.schema.dropTable('newsletter_confirmations');
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropForeign(['user_id']);
    t.dropUnique(['user_id']);
    t.dropColumn('user_id');
  });
}
