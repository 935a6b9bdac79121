import type { Knex } from 'knex';

/**
 * Sign-in by e-mailed code (contract §9 [revenue]).
 *
 * One row per address that asked for a code (lower-cased, whether or not an account has it): the hash of its one live
 * code, when that code expires and how many wrong tries it has had; and the Stockholm day (`YYYY-MM-DD`) with that
 * day's wrong tries, which lock code sign-in for the address until the next day. A new code overwrites the row's code
 * and keeps the day's count, so asking again never clears a lock.
 *
 * `users.email_verified_at` is when the account's address was last proven (a code sign-in, a password reset by the
 * e-mailed link); null for an address nobody has proven, such as one typed at registration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_codes', (t) => {
    t.string('email', 255).primary();
    // SHA-256 of the address and the code; null once the code is used, ended or replaced by nothing.
    t.string('code_hash', 64);
    t.timestamp('expires_at', { useTz: true });
    t.integer('failures').notNullable().defaultTo(0);
    t.string('day', 10).notNullable();
    t.integer('day_failures').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().index();
  });

  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
  });
  await knex.schema.dropTable('login_codes');
}
