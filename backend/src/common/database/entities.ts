import { Activity } from '../../modules/activity/entities/activity.entity.js';
import { AppConfigEntry } from '../../modules/admin/entities/app-config.entity.js';
import { Company } from '../../modules/companies/entities/company.entity.js';
import { Membership } from '../../modules/companies/entities/membership.entity.js';
import { MarketplaceConnection } from '../../modules/marketplace/entities/marketplace-connection.entity.js';
import { MailOutbox } from '../../modules/mail/mail-outbox.entity.js';
import { Invitation } from '../../modules/team/entities/invitation.entity.js';
import { User } from '../../modules/users/entities/user.entity.js';

/** Every TypeORM entity of the product. A module adds its entities here. */
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
