import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { UserDirectory } from '../users/index.js';
import { readStoredConfig, type StoredConfig } from './app-config.store.js';

export type GoogleSettings = NonNullable<AppConfig['auth']['google']>;

/** Google's endpoints, used when the environment configures no Google client (and so no endpoints). */
const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  tokenInfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

/**
 * The Google client sign-in uses right now: the environment's at boot, replaced by a client id/secret
 * saved in the admin panel at start (API processes) and at once in the process that saves them (other
 * running API processes apply them when they next start). The configuration stays as loaded; this
 * service holds the run-time value, and tells its listeners (the auth module re-registers its passport
 * strategy) when it changes.
 */
@Injectable()
export class GoogleSignInSettings implements OnApplicationBootstrap {
  private readonly logger = new Logger('GoogleSignIn');
  private readonly listeners: ((next: GoogleSettings) => void)[] = [];
  private value: GoogleSettings | null;
  /** The environment's Google settings, kept before any saved value is applied. */
  readonly fromEnvironment: GoogleSettings | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UserDirectory,
    private readonly box: SecretBox,
  ) {
    this.fromEnvironment = config.auth.google ? { ...config.auth.google } : null;
    this.value = this.fromEnvironment;
  }

  /** The Google client in use, or null when Google sign-in is off. */
  get current(): GoogleSettings | null {
    return this.value;
  }

  /** Calls `listener` with the new settings each time a changed Google client is applied. */
  onChange(listener: (next: GoogleSettings) => void): void {
    this.listeners.push(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runApi) return;
    try {
      this.apply(await readStoredConfig(this.db, this.box, this.users));
    } catch (err) {
      this.logger.warn(`Saved Google sign-in settings could not be read: ${(err as Error).message}`);
    }
  }

  /** Makes sign-in use the saved values (each field falls back to the environment). */
  apply(stored: StoredConfig): void {
    const clientId = stored.googleClientId?.value ?? this.fromEnvironment?.clientId;
    const clientSecret = stored.googleClientSecret?.value ?? this.fromEnvironment?.clientSecret;
    const next: GoogleSettings | null =
      clientId && clientSecret
        ? { ...(this.fromEnvironment ?? GOOGLE_ENDPOINTS), clientId, clientSecret }
        : null;
    const current = this.value;
    if (current?.clientId === next?.clientId && current?.clientSecret === next?.clientSecret) return;
    this.value = next;
    if (next) for (const listener of this.listeners) listener(next);
    this.logger.log(next ? 'Google sign-in uses the saved client settings' : 'Google sign-in is off');
  }
}
