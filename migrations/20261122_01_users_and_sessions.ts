import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 64).notNullable();
    t.string('password', 255).notNullable();
    t.string('email', 255).notNullable();
    t.string('first_name', 100);
    t.string('last_name', 100);
    t.string('profile_image_url', 500);
    t.text('bio');
    t.string('location', 200);
    t.string('website', 500);
    t.string('locale', 2).notNullable().defaultTo('sv');
    t.string('role', 20).notNullable().defaultTo('user');
    t.boolean('active').notNullable().defaultTo(true);
    t.string('stripe_customer_id', 100);
    t.string('stripe_subscription_id', 100);
    t.string('subscription_status', 40);
    t.string('subscription_plan', 20);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['username']);
    t.unique(['email']);
  });
  // Usernames and e-mails are unique without regard to case (contract.md §7).
  await knex.raw('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))');
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 128).primary();
    t.text('sess').notNullable();
    t.timestamp('expire', { useTz: true }).notNullable().index();
    // Lets a password reset end every session of one user.
    t.integer('user_id').references('id').inTable('users').onDelete('CASCADE').index();
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id');
    t.string('token', 128).notNullable().unique().comment('SHA-256 of the token; the token itself is never stored');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.boolean('used').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  // Failed-login throttle shared by every API process.
  await knex.schema.createTable('login_attempts', (t) => {
    t.string('key', 300).primary();
    t.integer('failures').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('password_reset_tokens');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
