import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { UserRow } from '../accounts/users.js';

const resetMail = {
  sv: {
    subject: 'Återställ ditt lösenord hos Redaktion',
    body: (name: string, url: string) =>
      `Hej ${name}!\n\nNågon (förhoppningsvis du) bad om att få återställa lösenordet till ditt konto hos Redaktion.\n`
      + `Öppna länken inom en timme för att välja ett nytt lösenord. Länken fungerar en gång:\n\n${url}\n\n`
      + 'Om du inte bad om detta kan du bortse från meddelandet; ditt lösenord är oförändrat.\n\nRedaktion',
  },
  en: {
    subject: 'Reset your Redaktion password',
    body: (name: string, url: string) =>
      `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your Redaktion account.\n`
      + `Open this link within one hour to choose a new password. It works once:\n\n${url}\n\n`
      + 'If you did not ask for this, you can ignore this message; your password has not changed.\n\nRedaktion',
  },
} as const;

/** The bare address of MAIL_FROM ('Redaktion <a@b>' gives 'a@b'): the mailto of List-Unsubscribe and the VAPID contact. */
export const mailFromAddress = (config: Config): string => /<([^>]+)>/.exec(config.mailFrom)?.[1]?.trim() ?? config.mailFrom.trim();

/**
 * Where e-mail goes (contract.md §3): through SMTP_URL; without it, outside production, into the server's log and
 * DATA_DIR/mail/ so a developer can follow the flow; in production without it, nowhere (a reset link in a log is a key).
 */
export type MailMode = 'smtp' | 'folder' | 'off';
export const mailMode = (config: Config): MailMode => (config.smtpUrl ? 'smtp' : config.production ? 'off' : 'folder');

/** One message: the text always, the HTML and extra headers (List-Unsubscribe) when the mail has them. */
export interface MailMessage { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }

export function createMailer(config: Config) {
  const mode = mailMode(config);
  if (mode === 'off') console.warn('SMTP_URL is not set: e-mail is off, so password reset requests and newsletter sign-ups are answered but no mail is sent.');
  let transport: Transporter | null = null;

  async function send(message: MailMessage): Promise<void> {
    if (mode === 'off') return;
    if (mode === 'smtp') {
      await (transport ??= nodemailer.createTransport(config.smtpUrl!)).sendMail({ from: config.mailFrom, ...message });
      return;
    }
    const info = await (transport ??= nodemailer.createTransport({ jsonTransport: true })).sendMail({ from: config.mailFrom, ...message });
    await mkdir(config.mailDir, { recursive: true });
    const file = path.join(config.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${(info.messageId as string).replace(/[^\w.-]/g, '')}.json`);
    await writeFile(file, String(info.message), { mode: 0o600 });
    console.log(`E-mail to ${message.to} (no SMTP_URL: kept in ${file})\nSubject: ${message.subject}\n\n${message.text}`);
  }

  return {
    send,
    async sendPasswordReset(user: UserRow, url: string): Promise<void> {
      const text = resetMail[user.locale === 'en' ? 'en' : 'sv'];
      await send({ to: user.email, subject: text.subject, text: text.body(user.firstName ?? user.username, url) });
    },
  };
}
