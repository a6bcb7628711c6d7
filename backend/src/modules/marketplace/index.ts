// The module's public entry: other modules and the root modules import from here only (docs/code-style.md).
export { MarketplaceModule } from './marketplace.module.js';
export { AccountJobPermits, type PermitWaiter } from './account-permits.js';
export { CompanyConnections, type CompanyAccount, type ConnectionOverview } from './company-connections.js';
export { ConnectionOrders, type ConnectionOrdersSource } from './connection-ports.js';
export { BRAND_HELD_MESSAGE, ConnectionWriter } from './connection-writer.js';
export { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
export { MarketplaceTokenRevocation } from './entities/marketplace-token-revocation.entity.js';
export { FaireClient, type FaireAccount } from './faire.client.js';
export { FaireError, SlotNotDueError } from './faire.errors.js';
export { FAIRE_SCOPES, type FaireOrder, type FaireOrderState, type NewFaireShipment } from './faire.types.js';
export { MARKETPLACE_LINKER, type MarketplaceLinker } from './marketplace-linker.js';
export { TokenRevocations } from './token-revocations.js';
