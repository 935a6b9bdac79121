import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { UserRow } from './users.js';

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

/** One message: the text always, the HTML and extra headers (List-Unsubscribe) when the mail has them. */
export interface MailMessage { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }

/** E-mail through SMTP_URL, in the account's language (contract.md §7). */
export function createMailer(config: Config) {
  let transport: Transporter | null = null;
  const transporter = () => (transport ??= nodemailer.createTransport(config.smtpUrl!));

  return {
    async send(message: MailMessage): Promise<void> {
      await transporter().sendMail({ from: config.mailFrom, ...message });
    },
    async sendPasswordReset(user: UserRow, url: string): Promise<void> {
      const text = resetMail[user.locale === 'en' ? 'en' : 'sv'];
      await transporter().sendMail({
        from: config.mailFrom,
        to: user.email,
        subject: text.subject,
        text: text.body(user.firstName ?? user.username, url),
      });
    },
  };
}
