// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { AuthModule } from './auth.module.js';
export { AuthService } from './auth.service.js';
export { CurrentUserView } from './dto/current-user.view.js';
export { Session } from './entities/session.entity.js';
