import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Stripe sends an event more than once; the id is remembered so that the second delivery changes nothing.
  await knex.schema.createTable('stripe_events', (t) => {
    t.string('id', 255).primary();
    t.string('type', 100).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('users', (t) => {
    t.index(['stripe_customer_id']);
  });
  // Who made a picture that came from elsewhere (a Pexels photographer, the AI model), kept with the file.
  await knex.schema.createTable('media_credits', (t) => {
    t.increments('id');
    t.string('url', 500).notNullable().unique();
    t.string('credit', 300).notNullable();
    t.string('alt', 500);
    t.string('source', 20).notNullable();
    t.string('source_id', 100);
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_credits');
  await knex.schema.alterTable('users', (t) => t.dropIndex(['stripe_customer_id']));
  await knex.schema.dropTable('stripe_events');
}
