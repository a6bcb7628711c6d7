// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
// Nothing here loads HTTP code or the auth module: the worker reads these tables (creating a company,
// the HTTP flow, is the company-setup module).
export { CompanyRecordsModule } from './company-records.module.js';
export {
  CompanyMembers,
  activeMembershipOf,
  type ActiveMembership,
  type ActiveMembershipRow,
  type MemberRecord,
} from './company-members.repository.js';
export { CompanyRecords, type CompanyListing } from './company-records.repository.js';
export { Company } from './entities/company.entity.js';
export { Membership, MEMBER_STATUSES, type MemberStatus } from './entities/membership.entity.js';
