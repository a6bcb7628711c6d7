import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';
import ssh2, { type ParsedKey } from 'ssh2';

const { utils } = ssh2;

/** The shortest SFTP password an admin may set (a 3PL's tool stores it; it is never typed by a person). */
export const MIN_SFTP_PASSWORD = 12;
export const MAX_SFTP_PASSWORD = 256;

/** scrypt's cost (N = 2^15, r = 8, p = 1: about 32 MB and tens of milliseconds), a 16-byte salt, 32 bytes. */
const N = 32768;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: BinaryLike, salt: Buffer, cost = { N, r: R, p: P }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, { ...cost, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A password as stored: `scrypt$N$r$p$<salt>$<key>` (base64). */
export async function hashSftpPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A stored hash no password matches, compared against when the login is unknown or has no password. */
const NO_PASSWORD = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_BYTES).toString('base64')}`;

/**
 * Whether a password matches a stored hash, compared in constant time. Without a hash (an unknown login,
 * or one with keys only) the same work is done and the answer is false, so the time tells nothing.
 */
export async function sftpPasswordMatches(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? NO_PASSWORD).split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const got = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === got.length && timingSafeEqual(expected, got) && stored !== null;
}

/** A public key as stored: its OpenSSH line, type, SHA-256 fingerprint and comment. */
export interface SftpPublicKey {
  type: string;
  /** `<type> <base64>`, without the comment. */
  openssh: string;
  /** `SHA256:<base64 without padding>`, as `ssh-keygen -l` prints it. */
  fingerprint: string;
  comment: string;
}

/** The key types accepted: RSA (2048 bits and more), Ed25519 and ECDSA. */
const KEY_TYPES = new Set([
  'ssh-rsa',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
]);

export function keyFingerprint(publicSsh: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicSsh).digest('base64').replace(/=+$/, '')}`;
}

/**
 * A public key an admin pasted: one OpenSSH line (`ssh-ed25519 AAAA... comment`), read with ssh2's
 * parser. A string with the reason when it is not one: a private key, several keys, an unknown type,
 * an RSA key under 2048 bits.
 */
export function parseSftpPublicKey(text: string): SftpPublicKey | string {
  const line = text.trim();
  if (!line) return 'The public key is empty';
  if (/PRIVATE KEY/.test(line)) return 'That is a private key: paste the public key (the .pub file) only';
  if (/[\r\n]/.test(line)) return 'Paste one public key, on one line';
  const parsed = utils.parseKey(line);
  if (parsed instanceof Error || Array.isArray(parsed)) {
    return 'Not an OpenSSH public key (expected a line such as "ssh-ed25519 AAAA... name")';
  }
  const key: ParsedKey = parsed;
  if (key.isPrivateKey()) return 'That is a private key: paste the public key (the .pub file) only';
  if (!KEY_TYPES.has(key.type)) return `Keys of type ${key.type} are not accepted`;
  const blob = key.getPublicSSH();
  if (key.type === 'ssh-rsa' && rsaBits(blob) < 2048) return 'RSA keys must have at least 2048 bits';
  const [, , ...rest] = line.split(/\s+/);
  return {
    type: key.type,
    openssh: `${key.type} ${blob.toString('base64')}`,
    fingerprint: keyFingerprint(blob),
    comment: rest
      .join(' ')
      .replace(/\p{Cc}/gu, '')
      .slice(0, 100),
  };
}

/** The size of an RSA key's modulus, read from its SSH wire form (string type, mpint e, mpint n). */
function rsaBits(blob: Buffer): number {
  let at = 0;
  const next = () => {
    const len = blob.readUInt32BE(at);
    const part = blob.subarray(at + 4, at + 4 + len);
    at += 4 + len;
    return part;
  };
  next();
  next();
  const n = next();
  let i = 0;
  while (i < n.length && n[i] === 0) i += 1;
  return n.length - i === 0 ? 0 : (n.length - i - 1) * 8 + (32 - Math.clz32(n[i]!));
}

/**
 * A login's username, shown on the Inbound card and not secret: `brand-` and the first 12 hexadecimal
 * characters of the company's id (unique among companies with overwhelming odds; the table's unique
 * key refuses the rare clash).
 */
export function sftpUsername(companyId: string): string {
  return `brand-${companyId.replace(/-/g, '').slice(0, 12).toLowerCase()}`;
}

/** Whether ssh2 reads a key as one key of the kind expected (private, or public). */
function readable(text: string, kind: 'private' | 'public'): boolean {
  const key = utils.parseKey(text);
  if (key instanceof Error || Array.isArray(key)) return false;
  return kind === 'private' ? key.isPrivateKey() : !key.isPrivateKey();
}

/**
 * A new Ed25519 key pair in OpenSSH form that ssh2 reads back. ssh2's own generator writes a private
 * key its parser refuses ("Malformed OpenSSH private key") about 2 times in 1,000; a host key like that,
 * stored once for the whole fleet, would stop every worker from starting. The pair is made again until
 * both halves read.
 */
export function ed25519KeyPair(comment?: string): { private: string; public: string } {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519', comment ? { comment } : undefined);
    if (readable(pair.private, 'private') && readable(pair.public, 'public')) return pair;
  }
  throw new Error('Could not make an Ed25519 key that reads back');
}
