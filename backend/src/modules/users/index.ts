// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { UsersModule } from './users.module.js';
export { User } from './entities/user.entity.js';
export { UsersService, type GoogleIdentity } from './users.service.js';
export {
  UserDirectory,
  type UserIdentity,
  type UserListing,
  type UserNameAndEmail,
} from './user-directory.repository.js';
