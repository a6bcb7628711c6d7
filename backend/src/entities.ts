import { Activity } from './modules/activity/index.js';
import { AppConfigEntry } from './modules/app-settings/index.js';
import { Company, Membership } from './modules/companies/index.js';
import { MarketplaceConnection } from './modules/marketplace/index.js';
import { MailOutbox } from './modules/mail/index.js';
import { Invitation } from './modules/team/index.js';
import { User } from './modules/users/index.js';

/**
 * Every TypeORM entity of the product. A module adds its entities here. It sits beside the root modules,
 * not in common/, because it names every module (common/ imports no module).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const ENTITIES: Function[] = [
  User,
  Company,
  Membership,
  Invitation,
  MailOutbox,
  Activity,
  MarketplaceConnection,
  AppConfigEntry,
];
