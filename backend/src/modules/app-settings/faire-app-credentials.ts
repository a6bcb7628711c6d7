import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { UserDirectory } from '../users/index.js';
import { readStoredConfig, type StoredConfig } from './app-config.store.js';

export interface FaireAppCredentialsValue {
  applicationId: string;
  applicationSecret: string;
}

/** How long a process keeps the saved settings before reading them again. */
export const APP_CONFIG_CACHE_MS = 5_000;

/**
 * The Faire OAuth application's id and secret. A value saved in the admin panel (table `app_config`,
 * sealed) overrides the environment, field by field. Reads go through a short cache so that every
 * process sees a change within APP_CONFIG_CACHE_MS; the process that saves sees it at once.
 */
@Injectable()
export class FaireAppCredentials {
  private cached: { atMs: number; value: StoredConfig } | null = null;
  private loading: Promise<StoredConfig> | null = null;
  private generation = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UserDirectory,
    private readonly box: SecretBox,
  ) {}

  async get(): Promise<FaireAppCredentialsValue | null> {
    const stored = await this.stored();
    const applicationId = stored.faireApplicationId?.value ?? this.config.marketplace.applicationId;
    const applicationSecret =
      stored.faireApplicationSecret?.value ?? this.config.marketplace.applicationSecret;
    return applicationId && applicationSecret ? { applicationId, applicationSecret } : null;
  }

  /** Forgets the cached settings, so the next read sees a change saved by this process. */
  invalidate(): void {
    this.generation += 1;
    this.cached = null;
    this.loading = null;
  }

  private stored(): Promise<StoredConfig> {
    if (this.cached && Date.now() - this.cached.atMs < APP_CONFIG_CACHE_MS) {
      return Promise.resolve(this.cached.value);
    }
    if (!this.loading) {
      const generation = this.generation;
      const loading = readStoredConfig(this.db, this.box, this.users).then((value) => {
        if (generation === this.generation) this.cached = { atMs: Date.now(), value };
        return value;
      });
      this.loading = loading;
      const clear = () => {
        if (this.loading === loading) this.loading = null;
      };
      loading.then(clear, clear);
    }
    return this.loading;
  }
}
