import type { UserRole } from '@redaktion/shared';
import type { Db } from '../../src/db/connection.js';
import { HttpClient } from './http-client.js';

let counter = 0;

/** Registers a user through the API and signs them in; optionally gives them a role or a subscription in the database. */
export async function signedInUser(
  baseUrl: string,
  db: Db,
  options: { role?: UserRole; subscriptionStatus?: string } = {},
): Promise<{ client: HttpClient; id: number; username: string; email: string; password: string }> {
  counter += 1;
  const username = `user${counter}_${Date.now().toString(36)}`;
  const email = `${username}@example.se`;
  const password = 'korrekt-hast-batteri';
  const client = new HttpClient(baseUrl);
  const registered = await client.post('/api/register', { username, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const id = registered.body.id as number;
  if (options.role || options.subscriptionStatus) {
    await db('users').where({ id }).update({
      ...(options.role ? { role: options.role } : {}),
      ...(options.subscriptionStatus ? { subscriptionStatus: options.subscriptionStatus, subscriptionPlan: 'monthly' } : {}),
    });
  }
  return { client, id, username, email, password };
}
