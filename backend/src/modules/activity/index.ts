// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { ActivityModule } from './activity.module.js';
export { ActivityLog, type ActivityQuery, type ActivityRecord } from './activity-log.repository.js';
export { ActivityService } from './activity.service.js';
export { Activity } from './entities/activity.entity.js';
