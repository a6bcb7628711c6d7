// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { DigestModule } from './digest.module.js';
export { DigestSend } from './entities/digest-send.entity.js';
