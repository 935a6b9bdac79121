import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Values the server makes once and every process shares (the generated VAPID key pair, the start of episode alerts).
  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
  });

  // Background work that survives a restart: claimed for a while, the claim renewed while it runs.
  await knex.schema.createTable('background_jobs', (t) => {
    t.increments('id');
    t.string('kind', 60).notNullable();
    t.text('payload').notNullable();
    t.timestamp('run_at', { useTz: true }).notNullable();
    t.timestamp('claimed_until', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('done_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['done_at', 'run_at']);
  });

  // Sign-ups per client per minute (the newsletter form), shared by every process.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 300).primary();
    t.integer('count').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.increments('id');
    t.string('email', 255).notNullable();
    t.string('locale', 2).notNullable().defaultTo('sv');
    t.string('status', 20).notNullable().defaultTo('pending');
    // Random, in the confirmation link and every unsubscribe link; it names the subscriber and nothing else.
    t.string('token', 64).notNullable().unique();
    t.timestamp('confirmation_sent_at', { useTz: true });
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('unsubscribed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['status']);
  });
  await knex.raw('CREATE UNIQUE INDEX newsletter_subscribers_email_lower_unique ON newsletter_subscribers (lower(email))');

  await knex.schema.createTable('newsletter_sends', (t) => {
    t.increments('id');
    t.string('subject', 200).notNullable();
    t.text('article_ids').notNullable();
    t.string('status', 20).notNullable().defaultTo('queued');
    t.integer('total').notNullable().defaultTo(0);
    t.integer('delivered').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
  });

  // One row per recipient of a send: what is left to do after a restart, and what was delivered.
  await knex.schema.createTable('newsletter_deliveries', (t) => {
    t.integer('send_id').notNullable().references('id').inTable('newsletter_sends').onDelete('CASCADE');
    t.integer('subscriber_id').notNullable().references('id').inTable('newsletter_subscribers').onDelete('CASCADE');
    t.string('status', 20).notNullable().defaultTo('pending');
    t.string('error', 500);
    t.primary(['send_id', 'subscriber_id']);
    t.index(['send_id', 'status']);
  });

  await knex.schema.createTable('push_subscriptions', (t) => {
    t.increments('id');
    t.string('endpoint', 1000).notNullable().unique();
    t.string('p256dh', 200).notNullable();
    t.string('auth', 100).notNullable();
    t.string('locale', 2).notNullable().defaultTo('sv');
    t.integer('user_id').references('id').inTable('users').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('push_subscription_topics', (t) => {
    t.integer('subscription_id').notNullable().references('id').inTable('push_subscriptions').onDelete('CASCADE');
    t.string('topic', 60).notNullable();
    t.primary(['subscription_id', 'topic']);
    t.index(['topic', 'subscription_id']);
  });

  // Each published episode alerts its series' followers once, whichever process notices it first.
  await knex.schema.createTable('episode_alerts', (t) => {
    t.integer('podcast_id').primary().references('id').inTable('podcasts').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['episode_alerts', 'push_subscription_topics', 'push_subscriptions', 'newsletter_deliveries', 'newsletter_sends',
    'newsletter_subscribers', 'rate_limits', 'background_jobs', 'app_settings']) {
    await knex.schema.dropTable(table);
  }
}
