import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import {
  clearSetting,
  CONFIG_FIELDS,
  FaireAppCredentials,
  GoogleSignInSettings,
  readStoredConfig,
  SECRET_FIELDS,
  writeSetting,
  type ConfigField,
  type StoredConfig,
} from '../app-settings/index.js';
import { UserDirectory } from '../users/index.js';
import type { AppConfigView, ConfigFieldView, SaveAppConfigDto } from './dto/app-config.dto.js';

const APP_CONFIG_LOCK_KEY = 724_113_004;

/** Secrets shorter than this never show their last characters. */
const MIN_LENGTH_FOR_LAST4 = 8;

/** Application settings saved in the admin panel: sealed at rest, never answered in clear. */
@Injectable()
export class AppConfigService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: FaireAppCredentials,
    private readonly google: GoogleSignInSettings,
    private readonly activity: ActivityService,
    private readonly users: UserDirectory,
    private readonly box: SecretBox,
  ) {}

  async view(): Promise<AppConfigView> {
    const stored = await readStoredConfig(this.db, this.box, this.users);
    const entries = CONFIG_FIELDS.map((field) => [field, this.fieldView(field, stored)] as const);
    return Object.fromEntries(entries) as unknown as AppConfigView;
  }

  /**
   * Saves the given fields (an empty string removes the saved value, so the environment applies again)
   * and records one `config.changed` naming the fields that changed. Saving the same value is no change.
   */
  async save(caller: AuthContext, dto: SaveAppConfigDto): Promise<AppConfigView> {
    const given = CONFIG_FIELDS.filter((f) => typeof dto[f] === 'string');
    if (given.length > 0) {
      await this.db.transaction(async (tx) => {
        // One save at a time, so that the recorded change matches what was written.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [APP_CONFIG_LOCK_KEY]);
        const current = await readStoredConfig(tx, this.box, this.users);
        const changed: ConfigField[] = [];
        const cleared: ConfigField[] = [];
        for (const field of given) {
          const value = dto[field] ?? '';
          if (value === '') {
            if (!current[field]) continue;
            await clearSetting(tx, field);
            cleared.push(field);
          } else {
            if (current[field]?.value === value) continue;
            await writeSetting(tx, this.box, field, value, caller.userId);
            changed.push(field);
          }
        }
        if (changed.length + cleared.length === 0) return;
        await this.activity.record(
          {
            actor: caller,
            companyId: null,
            action: 'config.changed',
            target: [...changed, ...cleared].join(', '),
            details: { fields: changed, cleared },
          },
          tx,
        );
      });
      this.credentials.invalidate();
      if (given.some((f) => f.startsWith('google'))) {
        this.google.apply(await readStoredConfig(this.db, this.box, this.users));
      }
    }
    return this.view();
  }

  private environmentValue(field: ConfigField): string | null {
    switch (field) {
      case 'faireApplicationId':
        return this.config.marketplace.applicationId;
      case 'faireApplicationSecret':
        return this.config.marketplace.applicationSecret;
      case 'googleClientId':
        return this.google.fromEnvironment?.clientId ?? null;
      case 'googleClientSecret':
        return this.google.fromEnvironment?.clientSecret ?? null;
    }
  }

  private fieldView(field: ConfigField, stored: StoredConfig): ConfigFieldView {
    const saved = stored[field];
    const value = saved?.value ?? this.environmentValue(field) ?? null;
    const secret = SECRET_FIELDS.has(field);
    const view: ConfigFieldView = {
      set: !!value,
      last4: value && (!secret || value.length >= MIN_LENGTH_FOR_LAST4) ? value.slice(-4) : null,
      source: saved ? 'database' : value ? 'environment' : null,
      updatedAt: saved ? saved.updatedAt.toISOString() : null,
      updatedBy: saved ? saved.updatedByEmail : null,
    };
    return secret ? view : { ...view, value };
  }
}
