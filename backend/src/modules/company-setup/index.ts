// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { CompanySetupModule } from './company-setup.module.js';
export { CompanySetupService } from './company-setup.service.js';
