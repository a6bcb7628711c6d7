import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The store's credentials (decision 0071): a random store id in the URL (not the company's id), a
 * username, and a password shown once and kept only as its scrypt hash. Checks take the same time
 * whether the store exists or not, and compare in constant time. scrypt runs on libuv's thread pool, so
 * a check never holds up other requests.
 */

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** The store URL's last part: 24 random bytes, URL-safe. */
export function newStoreId(): string {
  return randomBytes(24).toString('base64url');
}

export function newStoreUsername(): string {
  return `faire-${randomBytes(6).toString('hex')}`;
}

/** 24 random bytes, URL-safe (32 characters): typed once into ShipStation's form. */
export function newStorePassword(): string {
  return randomBytes(24).toString('base64url');
}

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashStorePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash no password matches, checked when the store is unknown so that both take as long. */
const DECOY = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/** Whether `password` is the one `stored` was made from (false for no stored hash, after as long). */
export async function verifyStorePassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DECOY).split('$');
  const [kind, n, r, p, salt, hash] = parts.length === 6 ? parts : DECOY.split('$');
  const expected = Buffer.from(hash!, 'base64url');
  if (kind !== 'scrypt' || expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, Buffer.from(salt!, 'base64url'), Number(n), Number(r), Number(p));
  return timingSafeEqual(key, expected) && stored !== null;
}

/** Constant-time equality of two short texts (the username). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // Compared at the longer length so that the lengths do not end the comparison early.
  const len = Math.max(x.length, y.length, 1);
  const xa = Buffer.alloc(len);
  const ya = Buffer.alloc(len);
  x.copy(xa);
  y.copy(ya);
  return timingSafeEqual(xa, ya) && x.length === y.length;
}

/** The user and password of a `Basic` Authorization header, or null. */
export function basicCredentials(header: unknown): { username: string; password: string } | null {
  if (typeof header !== 'string' || header.length > 1024) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}
