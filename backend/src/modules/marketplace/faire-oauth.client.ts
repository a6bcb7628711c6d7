import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { FaireAppCredentials, type FaireAppCredentialsValue } from '../app-settings/index.js';
import { FaireError } from './faire.errors.js';
import { FAIRE_SCOPES } from './faire.types.js';

/** Faire's OAuth endpoints: the authorize page, the code exchange and revocation. */
@Injectable()
export class FaireOAuthClient {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly app: FaireAppCredentials,
  ) {}

  private get base(): string {
    const url = this.config.marketplace.oauthBaseUrl;
    if (!url) throw new FaireError('UNAVAILABLE', 'The Faire OAuth address is not configured');
    return url;
  }

  private async credentials(): Promise<FaireAppCredentialsValue> {
    const app = await this.app.get();
    if (!app) throw new FaireError('UNAUTHORIZED', 'The Faire application id and secret are not configured');
    return app;
  }

  async authorizeUrl(state: string, redirectUrl: string): Promise<string> {
    const app = await this.credentials();
    const url = new URL(authorizePageUrl(this.base));
    url.searchParams.set('applicationId', app.applicationId);
    for (const scope of FAIRE_SCOPES) url.searchParams.append('scope', scope);
    url.searchParams.set('state', state);
    url.searchParams.set('redirectUrl', redirectUrl);
    return url.toString();
  }

  async exchangeCode(code: string, redirectUrl: string): Promise<string> {
    const app = await this.credentials();
    const body = await this.post<{ access_token?: string }>('/api/external-api-oauth2/token', {
      application_token: app.applicationId,
      application_secret: app.applicationSecret,
      redirect_url: redirectUrl,
      scope: [...FAIRE_SCOPES],
      grant_type: 'AUTHORIZATION_CODE',
      authorization_code: code,
    });
    if (!body.access_token) throw new FaireError('BAD_RESPONSE', 'Faire did not return an access token');
    return body.access_token;
  }

  async revoke(token: string): Promise<void> {
    const app = await this.credentials();
    await this.post('/api/external-api-oauth2/revoke', {
      application_token: app.applicationId,
      application_secret: app.applicationSecret,
      access_token_o_auth: token,
    });
  }

  private async post<T>(path: string, payload: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'User-Agent': this.config.marketplace.userAgent,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.marketplace.timeoutMs),
      });
    } catch {
      throw new FaireError('UNAVAILABLE', 'Faire could not be reached');
    }
    const text = await res.text();
    if (!res.ok) {
      let message = res.statusText;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        /* keep status text */
      }
      throw new FaireError(
        res.status === 401 || res.status === 400 ? 'UNAUTHORIZED' : 'UNAVAILABLE',
        message,
        res.status,
      );
    }
    return JSON.parse(text) as T;
  }
}

/**
 * Faire documents the authorize page on the bare host (`https://faire.com/oauth2/authorize`) while the
 * token and revoke calls go to `https://www.faire.com`; any other base (the sandbox) serves all three.
 */
export function authorizePageUrl(oauthBaseUrl: string): string {
  const base = new URL(oauthBaseUrl);
  if (base.hostname === 'www.faire.com') return 'https://faire.com/oauth2/authorize';
  return `${oauthBaseUrl}/oauth2/authorize`;
}
