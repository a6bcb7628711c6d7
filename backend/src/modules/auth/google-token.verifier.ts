import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../common/errors/index.js';
import { GoogleSignInSettings, type GoogleSettings } from '../app-settings/index.js';
import type { GoogleIdentity } from '../users/index.js';

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const NOT_OURS = 'Sign in failed: the Google token was not issued to this app';

interface Claims {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  aud?: unknown;
  azp?: unknown;
}

/**
 * Proves that a token POSTed to /api/auth/google was issued to THIS app before anyone is signed in:
 * - an ID token (a JWT) is verified locally: signature against Google's keys (JWKS), issuer, audience
 *   = our client id, expiry;
 * - an access token is shown to Google's tokeninfo, whose `aud`/`azp` must be our client id.
 * Either way the email must be verified (checked where every Google sign-in ends). A token another app obtained for a user signs nobody in.
 */
@Injectable()
export class GoogleTokenVerifier {
  private jwks: { url: string; get: JWTVerifyGetKey } | null = null;

  constructor(private readonly settings: GoogleSignInSettings) {}

  async identify(token: string): Promise<GoogleIdentity> {
    const google = this.settings.current;
    if (!google) throw new AppError('NOT_FOUND', 'Google sign-in is not configured');
    const claims = JWT.test(token)
      ? await this.idToken(token, google)
      : await this.accessToken(token, google);
    if (typeof claims.sub !== 'string' || typeof claims.email !== 'string' || !claims.sub || !claims.email) {
      throw new AppError('NOT_AUTHENTICATED', 'Sign in failed: Google did not share an email');
    }
    return {
      sub: claims.sub,
      email: claims.email,
      // An unverified email is refused (and recorded) by the sign-in itself, as for the redirect flow.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' && claims.name ? claims.name : claims.email,
    };
  }

  private async idToken(token: string, google: GoogleSettings): Promise<Claims> {
    if (this.jwks?.url !== google.jwksUrl) {
      this.jwks = { url: google.jwksUrl, get: createRemoteJWKSet(new URL(google.jwksUrl)) };
    }
    try {
      const { payload } = await jwtVerify(token, this.jwks.get, {
        issuer: google.issuers,
        audience: google.clientId,
        algorithms: ['RS256', 'ES256'],
      });
      return payload;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || err instanceof TypeError) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Google did not answer; please try again');
      }
      throw new AppError(
        'NOT_AUTHENTICATED',
        code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' ? NOT_OURS : 'Sign in failed: Google refused the token',
      );
    }
  }

  private async accessToken(token: string, google: GoogleSettings): Promise<Claims> {
    const info = await this.get(`${google.tokenInfoUrl}?access_token=${encodeURIComponent(token)}`);
    if (!info) throw new AppError('NOT_AUTHENTICATED', 'Sign in failed: Google refused the token');
    if (info.aud !== google.clientId && info.azp !== google.clientId) {
      throw new AppError('NOT_AUTHENTICATED', NOT_OURS);
    }
    // tokeninfo carries no display name; userinfo does (same token, already proven to be ours).
    const profile = await this.get(google.userInfoUrl, token);
    if (profile && profile.sub !== undefined && profile.sub !== info.sub) {
      throw new AppError('NOT_AUTHENTICATED', 'Sign in failed: Google refused the token');
    }
    return { ...info, name: profile?.name };
  }

  /** GET a Google JSON endpoint: the body on 2xx, null on a refusal; 503 when Google does not answer. */
  private async get(url: string, bearer?: string): Promise<Claims | null> {
    let res: globalThis.Response;
    try {
      res = await fetch(url, {
        headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Google did not answer; please try again');
    }
    if (res.status >= 500) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Google did not answer; please try again');
    }
    if (!res.ok) return null;
    return ((await res.json().catch(() => null)) as Claims | null) ?? null;
  }
}
