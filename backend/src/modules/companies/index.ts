// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { CompaniesModule } from './companies.module.js';
export { CompanyRecordsModule } from './company-records.module.js';
export {
  CompanyDirectory,
  type CompanyListing,
  type MembershipWithCompany,
} from './company-directory.repository.js';
export { CompanyRecords } from './company-records.repository.js';
export { Company } from './entities/company.entity.js';
export { Membership } from './entities/membership.entity.js';
