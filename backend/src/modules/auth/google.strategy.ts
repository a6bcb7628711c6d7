import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { GoogleIdentity } from '../users/users.service.js';

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * Google sign-in (authorization code + PKCE, one-time state kept in the browser's session). The
 * endpoints are configurable so tests can point at a local OpenID provider.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const google = config.auth.google;
    super({
      clientID: google?.clientId ?? 'not-configured',
      clientSecret: google?.clientSecret ?? 'not-configured',
      authorizationURL: google?.authUrl,
      tokenURL: google?.tokenUrl,
      userProfileURL: google?.userInfoUrl,
      callbackURL: `${config.publicUrl}/auth/google/callback`,
      scope: GOOGLE_SCOPES,
      state: true,
      pkce: true,
      passReqToCallback: false,
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleIdentity {
    const json = profile._json as {
      sub?: string;
      email?: string;
      email_verified?: boolean | string;
      name?: string;
    };
    const email = json.email ?? profile.emails?.[0]?.value ?? '';
    const verified = json.email_verified === true || json.email_verified === 'true';
    return {
      sub: json.sub ?? profile.id,
      email,
      emailVerified: verified && !!email,
      name: json.name ?? profile.displayName ?? email,
    };
  }
}
