// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { SourceConnection } from './entities/source-connection.entity.js';
export { SourceEvent } from './entities/source-event.entity.js';
export { SourceLabel } from './entities/source-label.entity.js';
