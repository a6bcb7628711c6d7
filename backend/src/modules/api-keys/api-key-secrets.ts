import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The form of a company API key (decision 0067): `fsk_<id>_<secret>`, the id 10 characters and the
 * secret 32 random bytes, both base64url. The id part is the visible prefix (`fsk_<id>`); the whole key
 * is stored only as its SHA-256.
 */
const KEY = /^fsk_([A-Za-z0-9_-]{10})_([A-Za-z0-9_-]{43})$/;

export interface NewKey {
  key: string;
  prefix: string;
  hash: string;
}

export function newApiKey(): NewKey {
  const id = randomBytes(8).toString('base64url').slice(0, 10);
  const key = `fsk_${id}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: `fsk_${id}`, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key an `Authorization` header carries (`Bearer <key>`), or null when it carries none of that form. */
export function bearerKey(header: unknown): string | null {
  if (typeof header !== 'string' || header.length > 200) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!m || !KEY.test(m[1]!)) return null;
  return m[1]!;
}

/** Whether two hashes are the same, in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
