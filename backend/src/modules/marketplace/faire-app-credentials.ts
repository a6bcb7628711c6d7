import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';

export interface FaireAppCredentialsValue {
  applicationId: string;
  applicationSecret: string;
}

/** The Faire OAuth application's id and secret (environment; the admin panel can override them). */
@Injectable()
export class FaireAppCredentials {
  private override: FaireAppCredentialsValue | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async get(): Promise<FaireAppCredentialsValue | null> {
    if (this.override) return this.override;
    const { applicationId, applicationSecret } = this.config.marketplace;
    return applicationId && applicationSecret ? { applicationId, applicationSecret } : null;
  }

  setOverride(value: FaireAppCredentialsValue | null): void {
    this.override = value;
  }
}
