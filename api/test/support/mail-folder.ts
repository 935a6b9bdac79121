import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface FolderMail {
  to: string[];
  subject: string;
  text: string;
}

/** The e-mails a server without SMTP_URL kept in DATA_DIR/mail (nodemailer's JSON transport, one file each). */
export async function mailsIn(mailDir: string): Promise<FolderMail[]> {
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => {
    const message = JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as { to: { address: string }[]; subject: string; text: string };
    return { to: message.to.map((recipient) => recipient.address), subject: message.subject, text: message.text };
  }));
}

/**
 * Waits for the mail to `address` (the server sends it after answering, as a job). Up to 10 s: on PostgreSQL the first
 * job of a kind can wait for its worker to start and then for a poll (POLL_MS, 2 s), longer on a loaded machine.
 */
export async function waitForFolderMail(mailDir: string, address: string): Promise<FolderMail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await mailsIn(mailDir)).find((message) => message.to.includes(address));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${address} in ${mailDir}`);
}

/** The reset link of a mail's text. */
export const resetLinkIn = (text: string) => /\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? null;
