// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ActivityModule } from './activity.module.js';
export { ActivityService } from './activity.service.js';
export { Activity } from './entities/activity.entity.js';
