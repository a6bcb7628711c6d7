// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ApiKeysModule } from './api-keys.module.js';
export { ApiKey } from './entities/api-key.entity.js';
export { ApiCaller, ApiKeyGuard, ApiKeyScoped } from './api-key.guard.js';
export { ApiKeysService, MAX_LIVE_KEYS } from './api-keys.service.js';
