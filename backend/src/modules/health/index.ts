// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { HealthModule } from './health.module.js';
export { HealthService } from './health.service.js';
