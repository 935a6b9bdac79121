import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { startSmtpStandIn } from './support/smtp-stand-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { signedInUser } from './support/users.js';

let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Redaktion <noreply@redaktion.example>', PUBLIC_ORIGIN: 'https://redaktion.example', NODE_ENV: 'production', TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function waitForMail(to: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = smtp.messages.find((message) => message.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe('password reset by e-mail (SMTP_URL set, in production)', () => {
  it('answers byte for byte the same for a known and an unknown address, and mails the link in the account language', async () => {
    const user = await signedInUser(server.url, server.db);
    await server.db('users').where({ id: user.id }).update({ locale: 'en' });
    const https = { 'X-Forwarded-Proto': 'https' };
    const known = await new HttpClient(server.url).request('POST', '/api/auth/reset-password-request', { email: user.email }, https);
    const unknown = await new HttpClient(server.url).request('POST', '/api/auth/reset-password-request', { email: 'ingen@example.se' }, https);
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body).not.toHaveProperty('resetUrl');

    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Reset your Redaktion password');
    const link = /https:\/\/redaktion\.example\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const reset = await new HttpClient(server.url).request('POST', '/api/auth/reset-password', { token, newPassword: 'från-mejlet-1' }, https);
    expect(reset.status).toBe(200);
    expect(smtp.messages.some((message) => message.to.includes("ingen@example.se"))).toBe(false);
  });

  it('writes in Swedish to a Swedish account', async () => {
    const user = await signedInUser(server.url, server.db);
    await new HttpClient(server.url).request('POST', '/api/auth/reset-password-request', { email: user.email }, { 'X-Forwarded-Proto': 'https' });
    expect((await waitForMail(user.email)).subject).toBe('Återställ ditt lösenord hos Redaktion');
  });
});
