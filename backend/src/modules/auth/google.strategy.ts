import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { GoogleSignInSettings, type GoogleSettings } from '../app-settings/index.js';
import type { GoogleIdentity } from '../users/index.js';

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * Google sign-in (authorization code + PKCE, one-time state kept in the browser's session). The
 * endpoints are configurable so tests can point at a local OpenID provider. Constructing one registers
 * it with passport under 'google' (replacing the previous one): GoogleStrategyRefresh builds one at boot
 * and again whenever the Google client changes.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: AppConfig, google: GoogleSettings | null) {
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

/** Registers the 'google' strategy for the Google client in use now, and again each time it changes. */
@Injectable()
export class GoogleStrategyRefresh {
  constructor(@Inject(APP_CONFIG) config: AppConfig, settings: GoogleSignInSettings) {
    new GoogleStrategy(config, settings.current);
    settings.onChange((next) => new GoogleStrategy(config, next));
  }
}
