import { Activity } from './modules/activity/index.js';
import { ApiKey } from './modules/api-keys/index.js';
import { ApiIdempotencyKey } from './modules/public-api/index.js';
import { AppConfigEntry } from './modules/app-settings/index.js';
import { Session } from './modules/auth/index.js';
import { CompanyDateOrder, SavedColumnMapping } from './modules/column-mappings/index.js';
import { Company, Membership } from './modules/companies/index.js';
import { DigestSend } from './modules/digest/index.js';
import { MarketplaceConnection, MarketplaceTokenRevocation } from './modules/marketplace/index.js';
import { MailOutbox } from './modules/mail/index.js';
import { CompanySettings, Order, OrderSyncState } from './modules/orders/index.js';
import {
  FaireBrandRead,
  FaireOrderState,
  Shipment,
  ShipmentAttempt,
  ShipmentQueueIntent,
  ShipmentSource,
  Upload,
  UploadBatch,
  UploadCount,
  UploadLayout,
  UploadLines,
  UploadRow,
} from './modules/shipments/index.js';
import {
  ShopifyShop,
  ShopifyWebhook,
  SourceConnection,
  SourceEvent,
  SourceLabel,
} from './modules/sources/index.js';
import { Invitation } from './modules/team/index.js';
import { User } from './modules/users/index.js';
import { WebhookDelivery, WebhookEndpoint } from './modules/webhooks/index.js';
import {
  InboundMailbox,
  InboundMessage,
  InboundSftpErrorFile,
  InboundSftpFile,
  InboundSftpHostKey,
  InboundSftpKey,
  InboundSftpLogin,
} from './modules/inbound/index.js';

/**
 * Every TypeORM entity of the product. A module adds its entities here. It sits beside the root modules,
 * not in common/, because it names every module (common/ imports no module).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const ENTITIES: Function[] = [
  User,
  ApiKey,
  ApiIdempotencyKey,
  Session,
  Company,
  Membership,
  Invitation,
  MailOutbox,
  Activity,
  MarketplaceConnection,
  MarketplaceTokenRevocation,
  AppConfigEntry,
  SavedColumnMapping,
  CompanyDateOrder,
  CompanySettings,
  Order,
  OrderSyncState,
  DigestSend,
  Upload,
  UploadBatch,
  UploadCount,
  UploadRow,
  UploadLayout,
  UploadLines,
  Shipment,
  ShipmentAttempt,
  ShipmentSource,
  ShipmentQueueIntent,
  SourceConnection,
  SourceEvent,
  SourceLabel,
  FaireOrderState,
  FaireBrandRead,
  ShopifyShop,
  ShopifyWebhook,
  WebhookEndpoint,
  WebhookDelivery,
  InboundMailbox,
  InboundMessage,
  InboundSftpLogin,
  InboundSftpKey,
  InboundSftpFile,
  InboundSftpErrorFile,
  InboundSftpHostKey,
];
