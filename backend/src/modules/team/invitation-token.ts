import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe. Only the SHA-256 of a token is ever stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of an accept-invite link ('…/accept-invite?token=…'), or null. */
export function invitationTokenOf(link: string): string | null {
  try {
    return new URL(link).searchParams.get('token');
  } catch {
    return null;
  }
}
