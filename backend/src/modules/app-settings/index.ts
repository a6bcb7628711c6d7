// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { AppSettingsModule } from './app-settings.module.js';
export {
  clearSetting,
  CONFIG_FIELDS,
  readStoredConfig,
  SECRET_FIELDS,
  writeSetting,
  type ConfigField,
  type SettingAuthors,
  type StoredConfig,
} from './app-config.store.js';
export { AppConfigEntry } from './entities/app-config.entity.js';
export { FaireAppCredentials, type FaireAppCredentialsValue } from './faire-app-credentials.js';
export { GoogleSignInSettings, type GoogleSettings } from './google-sign-in.settings.js';
