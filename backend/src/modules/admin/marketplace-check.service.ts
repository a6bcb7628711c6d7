import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { FaireAppCredentials } from '../app-settings/index.js';
import { FAIRE_SCOPES } from '../marketplace/index.js';

export interface MarketplaceCheck {
  connected: boolean;
  message: string;
}

const MAX_CHECK_MS = 10_000;
/** An authorization code that cannot exist: the token endpoint checks the application before the code. */
const PROBE_CODE = 'connection-test';

type Answer = { status: number } | { unreachable: true };

/**
 * A real check of the configured marketplace application, without any user's token:
 * 1. the OAuth token endpoint is sent the application id and secret with a code that cannot exist; it
 *    answers 401 when it refuses the application, and 400 (bad code) when it accepts it;
 * 2. the API base URL is asked for the brand profile with the application credentials and a token that
 *    cannot exist; any answer below 500 other than 404 proves the API is up and the address right.
 * Nothing secret is put in the answer.
 */
@Injectable()
export class MarketplaceCheckService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: FaireAppCredentials,
  ) {}

  /** Whether the application id and secret are configured for the OAuth connect flow. */
  async oauthConfigured(): Promise<boolean> {
    return !!this.config.marketplace.oauthBaseUrl && !!(await this.credentials.get());
  }

  async check(): Promise<MarketplaceCheck> {
    const app = await this.credentials.get();
    if (!app) return fail('The Faire application id and secret are not configured');
    const { apiBaseUrl, oauthBaseUrl } = this.config.marketplace;
    if (!apiBaseUrl || !oauthBaseUrl) return fail('The Faire API address is not configured');
    const started = Date.now();

    const token = await this.send(`${oauthBaseUrl}/api/external-api-oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        application_token: app.applicationId,
        application_secret: app.applicationSecret,
        redirect_url: `${this.config.publicUrl}/api/oauth/faire/callback`,
        scope: [...FAIRE_SCOPES],
        grant_type: 'AUTHORIZATION_CODE',
        authorization_code: PROBE_CODE,
      }),
    });
    if ('unreachable' in token) return fail(`Could not reach Faire at ${hostOf(oauthBaseUrl)}`);
    if (token.status === 401 || token.status === 403) {
      return fail('Faire refused the application id or secret');
    }
    if (token.status === 429) return fail('Faire asked to slow down; please try again in a moment');
    if (token.status >= 500) return fail(`Faire is not answering right now (HTTP ${token.status})`);
    if (token.status !== 400 && (token.status < 200 || token.status >= 300)) {
      return fail(`Faire's OAuth address answered HTTP ${token.status}: check FAIRE_OAUTH_BASE_URL`);
    }

    const api = await this.send(`${apiBaseUrl}/brands/profile`, {
      method: 'GET',
      headers: {
        'X-FAIRE-APP-CREDENTIALS': Buffer.from(`${app.applicationId}:${app.applicationSecret}`).toString(
          'base64',
        ),
        'X-FAIRE-OAUTH-ACCESS-TOKEN': PROBE_CODE,
      },
    });
    if ('unreachable' in api) return fail(`Could not reach the Faire API at ${hostOf(apiBaseUrl)}`);
    if (api.status >= 500) return fail(`The Faire API is not answering right now (HTTP ${api.status})`);
    if (api.status === 404) return fail('The Faire API answered HTTP 404: check FAIRE_API_BASE_URL');
    return {
      connected: true,
      message: `Connected to Faire: application ${app.applicationId} accepted, API answered in ${Date.now() - started} ms`,
    };
  }

  private async send(
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<Answer> {
    try {
      const res = await fetch(url, {
        ...init,
        headers: {
          Accept: 'application/json',
          'User-Agent': this.config.marketplace.userAgent,
          ...init.headers,
        },
        signal: AbortSignal.timeout(Math.min(this.config.marketplace.timeoutMs, MAX_CHECK_MS)),
        redirect: 'manual',
      });
      await res.body?.cancel();
      return { status: res.status };
    } catch {
      return { unreachable: true };
    }
  }
}

function fail(message: string): MarketplaceCheck {
  return { connected: false, message };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured address';
  }
}
