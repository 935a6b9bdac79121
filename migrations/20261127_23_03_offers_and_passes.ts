import type { Knex } from 'knex';

/**
 * Offers, trials and passes (contract §9 [revenue] "Offers" and "Payment methods").
 *
 * An offer's code is kept in capitals, so the unique key makes codes unique whatever their case. A redemption is one
 * subscription that became active or trialing with the offer: keyed by the subscription, so that a webhook delivered
 * twice counts it once. A trial is given once per account (`offer_trials`, keyed by the user).
 *
 * `checkouts` records what each subscription or pass started with (the offer, the article the reader came from) for
 * the newsroom's figures. `passes` holds each PaymentIntent that bought a pass, once (keyed by its id): the end of
 * access is made again from these rows in the order they were paid, so events that come late or twice change nothing
 * twice. `pass_reminders` keys the reminder by the end it announces: one mail per end, none for an end a renewal moved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('offers', (t) => {
    t.increments('id');
    t.string('code', 40).notNullable().unique();
    t.string('name', 120).notNullable();
    t.string('kind', 16).notNullable();
    t.integer('value').notNullable();
    t.string('duration', 16).notNullable();
    t.integer('duration_in_months');
    // The plans it covers, a JSON array of 'monthly' / 'yearly'.
    t.text('plans').notNullable();
    t.timestamp('expires_at', { useTz: true });
    t.integer('max_redemptions');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('stripe_coupon_id', 255);
    t.string('stripe_promotion_code_id', 255);
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('offer_redemptions', (t) => {
    t.string('subscription_id', 255).primary();
    t.integer('offer_id').notNullable().references('id').inTable('offers').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['offer_id']);
  });

  await knex.schema.createTable('offer_trials', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.integer('offer_id').references('id').inTable('offers').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('checkouts', (t) => {
    // The Stripe subscription or PaymentIntent it started.
    t.string('stripe_id', 255).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // 'subscription' or 'pass', and the plan ('monthly', 'yearly') or the pass ('month', 'year').
    t.string('kind', 16).notNullable();
    t.string('product', 16).notNullable();
    t.integer('offer_id').references('id').inTable('offers').onDelete('SET NULL');
    t.integer('from_article_id').references('id').inTable('articles').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'created_at']);
    t.index(['from_article_id']);
  });

  await knex.schema.createTable('passes', (t) => {
    t.string('payment_intent_id', 255).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('pass', 8).notNullable();
    t.integer('amount_sek').notNullable();
    t.timestamp('paid_at', { useTz: true }).notNullable();
    t.timestamp('refunded_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'paid_at']);
  });

  await knex.schema.createTable('pass_reminders', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('access_until', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'access_until']);
  });

  // The reminder's sweep looks for passes ending within days.
  await knex.schema.alterTable('users', (t) => {
    t.index(['access_until']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['access_until']);
  });
  for (const table of ['pass_reminders', 'passes', 'checkouts', 'offer_trials', 'offer_redemptions', 'offers']) await knex.schema.dropTable(table);
}
