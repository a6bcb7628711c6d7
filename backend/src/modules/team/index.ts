// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { TeamModule } from './team.module.js';
export { TeamMemberView } from './dto/team.dto.js';
export { TeamService } from './team.service.js';
export { Invitation } from './entities/invitation.entity.js';
