// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { CompanySettingsModule } from './company-settings.module.js';
