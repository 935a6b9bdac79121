import { parseArgs } from 'node:util';
import { registerSchema, USER_ROLES, type UserRole } from '@redaktion/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { hashPassword } from '../services/accounts/passwords.js';
import { createUserService } from '../services/accounts/users.js';

/**
 * npm run create-admin -- --username U --email E --password P [--role admin|super_admin]
 * Creates the user, or promotes an existing one (found by username or e-mail) without touching its password.
 * No default password exists.
 */
const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', default: 'admin' } },
});

const role = values.role as UserRole;
if (!(USER_ROLES as readonly string[]).includes(role) || role === 'user') {
  console.error('--role must be admin or super_admin');
  process.exit(2);
}
const parsed = registerSchema.safeParse({ username: values.username, email: values.email, password: values.password });
if (!parsed.success) {
  console.error(`Usage: npm run create-admin -- --username U --email E --password P [--role admin|super_admin]\n${parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  const users = createUserService(db);
  const existing = (await users.byLogin(parsed.data.username)) ?? (await users.byEmail(parsed.data.email));
  if (existing) {
    await users.setRole(existing.id, role);
    console.log(`Promoted existing user ${existing.username} (id ${existing.id}) to ${role}; their password is unchanged.`);
  } else {
    const user = await users.create({ ...parsed.data, passwordHash: await hashPassword(parsed.data.password), role });
    console.log(`Created ${role} ${user.username} (id ${user.id}, ${user.email}).`);
  }
} finally {
  await db.destroy();
}
