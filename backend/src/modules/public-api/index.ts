// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { PublicApiModule } from './public-api.module.js';
export { ApiIdempotencyKey } from './entities/idempotency-key.entity.js';
