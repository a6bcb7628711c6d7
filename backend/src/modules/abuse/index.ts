// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { AbuseModule } from './abuse.module.js';
export { AbuseLimit, SignInLimit } from './abuse-limit.decorator.js';
export { SignInLimits } from './sign-in-limits.js';
export { DOWNLOAD_RETRY_AFTER_SECONDS, DownloadSlots } from './download-slots.js';
export { WindowCounter } from './window-counter.js';
export { waitText, withDeadline } from './abuse-limit.guard.js';
