import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part of a multipart message, else empty. */
  html: string;
  /** A header of the message, unfolded (empty when absent). */
  header(name: string): string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as mailers write non-ASCII subjects. */
const decodeWords = (value: string) => value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
  encoding.toLowerCase() === 'b'
    ? Buffer.from(data, 'base64').toString('utf8')
    : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** One MIME entity: its unfolded headers and its decoded body (the parts of a multipart one). */
function entity(raw: string): { header(name: string): string; body: string; parts: ReturnType<typeof entity>[] } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => entity(part.replace(/^\r\n/, '')));
    return { header, body: '', parts };
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const decoded = encoding === 'quoted-printable' ? decodeQuotedPrintable(body)
    : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : Buffer.from(body, 'latin1').toString('utf8');
  return { header, body: decoded, parts: [] };
}

/** Reads a message the way a mail client would show it: its text, its HTML and its headers. */
function parse(raw: string, to: string[]): ReceivedMail {
  const message = entity(raw);
  const leaves = (e: ReturnType<typeof entity>): ReturnType<typeof entity>[] => (e.parts.length ? e.parts.flatMap(leaves) : [e]);
  const part = (type: string) => leaves(message).find((leaf) => leaf.header('Content-Type').toLowerCase().startsWith(type))?.body ?? '';
  return {
    to,
    subject: decodeWords(message.header('Subject')),
    text: message.parts.length ? part('text/plain') : message.body,
    html: part('text/html'),
    header: message.header,
  };
}

/**
 * A local SMTP server that keeps every message as a mail provider would receive it; `rejects` names recipients it
 * refuses (550), as a provider does for a mailbox that does not exist; `delayMs` is how long it takes to answer that it
 * accepted a message, as a slow provider does, and `onMessage` is told of each message as it arrives, before that answer.
 */
export async function startSmtpStandIn(options: {
  rejects?: (address: string) => boolean; delayMs?: number; onMessage?: (mail: ReceivedMail) => void;
} = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (options.rejects?.(address.address)) callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parse(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((rcpt) => rcpt.address));
        messages.push(mail);
        options.onMessage?.(mail);
        // The message is the provider's from here on, whether or not the sender stays to hear the answer.
        setTimeout(callback, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
