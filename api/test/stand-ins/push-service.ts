import { execFile } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** What the push service received and checked: the decrypted message, the VAPID claims and the headers. */
export interface ReceivedPush {
  subscriptionId: string;
  message: unknown;
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
  ttl: string | null;
  urgency: string | null;
}

/** A browser's side of a subscription: the keys the push service's messages are encrypted to. */
export interface BrowserSubscription {
  id: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): Buffer;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A subscription as a browser makes one: a P-256 key pair and a 16-byte auth secret (RFC 8291 §3). */
export function browserSubscription(origin: string): BrowserSubscription {
  const id = randomBytes(8).toString('hex');
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    id,
    json: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) } },
    /** RFC 8188 aes128gcm with the keys of RFC 8291: what the browser does with a message it receives. */
    decrypt(body: Buffer): Buffer {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const sealed = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('record delimiter missing');
      return padded.subarray(0, end);
    },
  };
}

/** Checks an ES256 JWT against the raw P-256 public key named beside it (RFC 8292 §2 and §3). */
function verifiedClaims(jwt: string, rawKey: Buffer): ReceivedPush['claims'] {
  const [header, payload, signature] = jwt.split('.');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(rawKey.subarray(1, 33)), y: b64url(rawKey.subarray(33, 65)) }, format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header!, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as ReceivedPush['claims'];
}

/**
 * A push service like the browsers' (RFC 8030) over HTTPS with a certificate made for the test: it accepts a
 * message only with a valid VAPID signature for its own origin, decrypts it with the subscription's keys, and
 * answers 410 for subscriptions the test has ended. `ca` is the certificate a client must trust.
 */
export async function startPushService() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'push-service-'));
  await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]);
  const [key, cert] = await Promise.all([readFile(path.join(dir, 'key.pem')), readFile(path.join(dir, 'cert.pem'))]);
  await rm(dir, { recursive: true, force: true });

  const subscriptions = new Map<string, BrowserSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/(\w+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      const answer = (status: number, reason?: string) => {
        if (reason) refused.push(reason);
        response.writeHead(status).end(reason ?? '');
      };
      if (request.method !== 'POST' || !subscription) return answer(404, `unknown subscription ${id}`);
      if (gone.has(id)) return answer(410);
      try {
        const vapid = /^vapid t=([^,]+), k=(\S+)$/.exec(request.headers.authorization ?? '');
        if (!vapid) return answer(401, 'no VAPID authorization');
        const claims = verifiedClaims(vapid[1]!, Buffer.from(vapid[2]!, 'base64url'));
        if (claims.aud !== origin) return answer(403, `audience ${claims.aud}`);
        const now = Date.now() / 1000;
        if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return answer(403, 'expiry out of range');
        if (!/^(mailto:|https:)/.test(claims.sub)) return answer(403, `subject ${claims.sub}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
        const message = JSON.parse(subscription.decrypt(Buffer.concat(chunks)).toString('utf8')) as unknown;
        received.push({
          subscriptionId: id, message, claims, vapidPublicKey: vapid[2]!,
          ttl: request.headers.ttl as string ?? null, urgency: request.headers.urgency as string ?? null,
        });
        response.writeHead(201).end();
      } catch (error) {
        answer(400, (error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: cert,
    received,
    refused,
    /** A new browser subscription at this service. */
    subscribe(): BrowserSubscription {
      const subscription = browserSubscription(origin);
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    /** The browser dropped this subscription: the service answers 410 Gone from now on. */
    end(id: string): void { gone.add(id); },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
