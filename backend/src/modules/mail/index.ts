// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { MailModule } from './mail.module.js';
export { MailService } from './mail.service.js';
export { MailOutbox } from './mail-outbox.entity.js';
export { BLANK, escapeHtml, line, link, mailBody, type MailLine } from './mail-template.js';
