import { Init1764100000000 } from './1764100000000-init.js';
import { Identity1764100000001 } from './1764100000001-identity.js';
import { Marketplace1764100000002 } from './1764100000002-marketplace.js';
import { ShipmentsOrders1764100000003 } from './1764100000003-shipments-orders.js';
import { AppConfig1764100000004 } from './1764100000004-app-config.js';
import { UploadStaging1764100000005 } from './1764100000005-upload-staging.js';
import { CompanyConnection1764200000300 } from './1764200000300-company-connection.js';
import { ColumnMappings1764200000400 } from './1764200000400-column-mappings.js';
import { ShipmentQueuedAt1764200000500 } from './1764200000500-shipment-queued-at.js';
import { OrdersList1764200000600 } from './1764200000600-orders-list.js';
import { OrderFirstSeen1764200000601 } from './1764200000601-order-first-seen.js';
import { DailyDigest1764200000602 } from './1764200000602-daily-digest.js';
import { OrdersListCounts1764200000700 } from './1764200000700-orders-list-counts.js';
import { UploadCurrency1764200000800 } from './1764200000800-upload-currency.js';
import { ExportPages1764300002100 } from './1764300002100-export-pages.js';
import { UploadCounts1764300002101 } from './1764300002101-upload-counts.js';
import { FileReading1764300002200 } from './1764300002200-file-reading.js';
import { OrdersCurrencySearch1764300002201 } from './1764300002201-orders-currency-search.js';
import { ActivityActorRole1764300002202 } from './1764300002202-activity-actor-role.js';
import { SourceConnections1764300002300 } from './1764300002300-source-connections.js';
import { ShipmentIntake1764300002301 } from './1764300002301-shipment-intake.js';
import { ShipmentPatience1764300002400 } from './1764300002400-shipment-patience.js';
import { FaireOrderStates1764300002500 } from './1764300002500-faire-order-states.js';
import { ShopifyShops1764300002600 } from './1764300002600-shopify-shops.js';
import { UploadFiles1764300002700 } from './1764300002700-upload-files.js';
import { CallerFunctions1764300005200 } from './1764300005200-caller-functions.js';
import { ShipmentQueueIntents1764300005300 } from './1764300005300-shipment-queue-intents.js';
import { SourcesFirstDay1764300006000 } from './1764300006000-sources-first-day.js';
import { SourcesSeenAsTheyAre1764300006100 } from './1764300006100-sources-seen-as-they-are.js';
import { ApiKeys1764300006200 } from './1764300006200-api-keys.js';
import { ApiIdempotencyKeys1764300006300 } from './1764300006300-api-idempotency-keys.js';
import { OrdersStoredMark1764300006310 } from './1764300006310-orders-stored-mark.js';
import { OutboundWebhooks1764300006400 } from './1764300006400-outbound-webhooks.js';
import { InboundMail1764300006500 } from './1764300006500-inbound-mail.js';
import { SftpDrop1764300006600 } from './1764300006600-sftp-drop.js';
import { ShipStationStore1764300007100 } from './1764300007100-shipstation-store.js';

/** Migrations in order. `npm run db:generate` writes new files; add each one here. */
export const MIGRATIONS = [
  Init1764100000000,
  Identity1764100000001,
  Marketplace1764100000002,
  ShipmentsOrders1764100000003,
  AppConfig1764100000004,
  UploadStaging1764100000005,
  CompanyConnection1764200000300,
  ColumnMappings1764200000400,
  ShipmentQueuedAt1764200000500,
  OrdersList1764200000600,
  OrderFirstSeen1764200000601,
  DailyDigest1764200000602,
  OrdersListCounts1764200000700,
  UploadCurrency1764200000800,
  ExportPages1764300002100,
  UploadCounts1764300002101,
  FileReading1764300002200,
  OrdersCurrencySearch1764300002201,
  ActivityActorRole1764300002202,
  SourceConnections1764300002300,
  ShipmentIntake1764300002301,
  ShipmentPatience1764300002400,
  FaireOrderStates1764300002500,
  ShopifyShops1764300002600,
  UploadFiles1764300002700,
  CallerFunctions1764300005200,
  ShipmentQueueIntents1764300005300,
  SourcesFirstDay1764300006000,
  SourcesSeenAsTheyAre1764300006100,
  ApiKeys1764300006200,
  ApiIdempotencyKeys1764300006300,
  OrdersStoredMark1764300006310,
  OutboundWebhooks1764300006400,
  InboundMail1764300006500,
  SftpDrop1764300006600,
  ShipStationStore1764300007100,
];
