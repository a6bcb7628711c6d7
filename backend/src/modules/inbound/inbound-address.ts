import { createHash, randomBytes } from 'node:crypto';

/** The local part of every company's address before its token: `shipments+<token>@<domain>`. */
export const MAILBOX_LOCAL = 'shipments';

/** Lower-case base32 (RFC 4648 letters), so an address survives any mail system's case folding. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = /^[a-z2-7]{32}$/;

/** A new token: 20 random bytes as 32 base32 characters (160 bits). */
export function newMailToken(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function mailTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function mailAddress(token: string, domain: string): string {
  return `${MAILBOX_LOCAL}+${token}@${domain}`;
}

/**
 * The token of a recipient address, when it is one of ours (`shipments+<token>@<domain>`, any case);
 * null for any other address.
 */
export function tokenOfRecipient(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at).toLowerCase();
  const prefix = `${MAILBOX_LOCAL}+`;
  if (!local.startsWith(prefix)) return null;
  const token = local.slice(prefix.length);
  return TOKEN.test(token) ? token : null;
}

const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,253}\.[^\s@<>,;"]{2,63}$/;

/** An allowed sender as stored: an address, trimmed and lower case; null when it is not one. */
export function normaliseSender(value: string): string | null {
  const v = value.trim().toLowerCase();
  return EMAIL.test(v) ? v : null;
}
