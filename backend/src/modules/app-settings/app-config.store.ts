import { EntityManager, type DataSource } from 'typeorm';
import type { SecretBox } from '../../common/crypto/secret-box.js';
import { appConfigRows } from './app-config.repository.js';

/**
 * The settings the admin panel can save; each overrides its environment variable (FAIRE_APPLICATION_ID,
 * FAIRE_APPLICATION_SECRET, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET; decision 0010).
 */
export const CONFIG_FIELDS = [
  'faireApplicationId',
  'faireApplicationSecret',
  'googleClientId',
  'googleClientSecret',
] as const;

export type ConfigField = (typeof CONFIG_FIELDS)[number];

export const CONFIG_KEYS: Record<ConfigField, string> = {
  faireApplicationId: 'faire_application_id',
  faireApplicationSecret: 'faire_application_secret',
  googleClientId: 'google_client_id',
  googleClientSecret: 'google_client_secret',
};

/** Fields whose value is never shown (only whether it is set and its last characters). */
export const SECRET_FIELDS: ReadonlySet<ConfigField> = new Set([
  'faireApplicationSecret',
  'googleClientSecret',
]);

export interface StoredSetting {
  value: string;
  updatedAt: Date;
  updatedBy: string | null;
  updatedByEmail: string | null;
}

export type StoredConfig = Partial<Record<ConfigField, StoredSetting>>;

/** Who saved the settings: the users module's names and emails of the given user ids (`UserDirectory`). */
export interface SettingAuthors {
  namesByIds(ids: readonly string[], manager?: EntityManager): Promise<Map<string, { email: string }>>;
}

const FIELD_BY_KEY = new Map(CONFIG_FIELDS.map((f) => [CONFIG_KEYS[f], f]));

/** The additional data a sealed value is bound to, so a ciphertext copied to another key does not open. */
function aadFor(field: ConfigField): string {
  return `app_config:${CONFIG_KEYS[field]}`;
}

export function sealSetting(box: SecretBox, field: ConfigField, value: string): string {
  return box.seal(value, aadFor(field));
}

/**
 * Every saved setting, opened, with the email of whoever saved it (asked of `authors`, in the same
 * transaction when `db` is one). A value that no longer opens (the encryption key changed) is left out,
 * so the environment applies again until an admin saves it anew.
 */
export async function readStoredConfig(
  db: DataSource | EntityManager,
  box: SecretBox,
  authors: SettingAuthors,
): Promise<StoredConfig> {
  const rows = await appConfigRows.all(db);
  const authorsById = await authors.namesByIds(
    rows.flatMap((r) => (r.updated_by ? [r.updated_by] : [])),
    db instanceof EntityManager ? db : undefined,
  );
  const out: StoredConfig = {};
  for (const row of rows) {
    const field = FIELD_BY_KEY.get(row.key);
    if (!field) continue;
    let value: string;
    try {
      value = box.open(row.value_sealed, aadFor(field));
    } catch {
      continue;
    }
    out[field] = {
      value,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
      updatedByEmail: row.updated_by ? (authorsById.get(row.updated_by)?.email ?? null) : null,
    };
  }
  return out;
}

/** Saves one setting, sealed, naming who saved it (inside the caller's transaction). */
export async function writeSetting(
  db: DataSource | EntityManager,
  box: SecretBox,
  field: ConfigField,
  value: string,
  userId: string,
): Promise<void> {
  await appConfigRows.upsert(db, CONFIG_KEYS[field], sealSetting(box, field, value), userId);
}

/** Removes a saved setting, so the environment applies again. */
export async function clearSetting(db: DataSource | EntityManager, field: ConfigField): Promise<void> {
  await appConfigRows.remove(db, CONFIG_KEYS[field]);
}
