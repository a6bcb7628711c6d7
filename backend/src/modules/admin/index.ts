// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { AdminModule } from './admin.module.js';
export { QUEUE_DASHBOARD_PATH, QueueDashboard } from './queue-dashboard.js';
