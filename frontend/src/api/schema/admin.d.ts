// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `admin` routes use. */
export interface AdminSchemas {
  ConfigFieldView: {
    set: boolean;
    /** The full value; only for ids, never for secrets */
    value?: string | null;
    last4: string | null;
    source: 'database' | 'environment' | null;
    updatedAt: string | null;
    /** Email of the admin who saved it */
    updatedBy: string | null;
  };
  AppConfigView: {
    faireApplicationId: components['schemas']['ConfigFieldView'];
    faireApplicationSecret: components['schemas']['ConfigFieldView'];
    googleClientId: components['schemas']['ConfigFieldView'];
    googleClientSecret: components['schemas']['ConfigFieldView'];
  };
  SaveAppConfigDto: {
    /** Faire application id; empty clears the saved value */
    faireApplicationId?: string;
    /** Faire application secret; empty clears the saved value */
    faireApplicationSecret?: string;
    /** Google OAuth client id; empty clears the saved value */
    googleClientId?: string;
    /** Google OAuth client secret; empty clears the saved value */
    googleClientSecret?: string;
  };
  TestApiView: {
    connected: boolean;
    message: string;
  };
  AdminFaireConnectionView: {
    brandId: string;
    brandName: string;
    status: 'CONNECTED' | 'FAILED' | 'DISCONNECTED';
    currency: string;
    connectedByName: string | null;
    /** Another company is connected to the same brand (to resolve) */
    brandShared: boolean;
  };
  AdminUserView: {
    id: string;
    name: string;
    email: string;
    hasFaireToken: boolean;
    /** Platform admin (ADMIN_EMAILS) */
    isAdmin: boolean;
    companyName: string | null;
    companyId: string | null;
    /** The company's Faire connection */
    faireConnection: components['schemas']['AdminFaireConnectionView'] | null;
    lastSignInAt: string | null;
  };
  SystemStatusView: {
    api: 'Connected' | 'Disconnected';
    database: 'Operational' | 'Down';
    oauth: 'Active' | 'Not configured';
    queue: 'Operational' | 'Down';
    /** Uploads whose rows are not all shipments after the recovery delay */
    stuckUploads: number;
    /** Whether a worker of the fleet listens for mail-in messages (INBOUND_SMTP_PORT) */
    mailIn: 'Listening' | 'Down';
    /** Whether a worker of the fleet serves the SFTP drop (INBOUND_SFTP_PORT) */
    sftpDrop: 'Listening' | 'Down';
  };
  PoolView: {
    /** Connections this API process's pool may open (DB_POOL_SIZE) */
    size: number;
    /** Connections open now */
    open: number;
    /** Connections running a query now */
    inUse: number;
    /** Queries waiting for a connection */
    waiting: number;
  };
  QueueDepthView: {
    /** Jobs waiting for a worker */
    waiting: number;
    active: number;
    /** Jobs waiting for a retry or their turn */
    delayed: number;
    failed: number;
  };
  QueuesDepthView: {
    shipments: components['schemas']['QueueDepthView'] | null;
    orders: components['schemas']['QueueDepthView'] | null;
  };
  CapacityView: {
    pool: components['schemas']['PoolView'];
    /** Connections to this database, every process */
    databaseConnections: number | null;
    /** Postgres max_connections */
    databaseMaxConnections: number | null;
    queues: components['schemas']['QueuesDepthView'];
  };
  AdminStatsView: {
    totalUsers: number;
    /** Shipments created on Faire (status SUCCESS) */
    totalShipments: number;
    /** Users who signed in within the last 30 days */
    activeUsers: number;
    system: components['schemas']['SystemStatusView'];
    capacity: components['schemas']['CapacityView'];
  };
  AdminCompanyView: {
    id: string;
    name: string;
    /** Active members */
    members: number;
    faireConnection: components['schemas']['AdminFaireConnectionView'] | null;
  };
  AdminInviteDto: {
    companyId: string;
    email: string;
    role?: 'COMPANY_ADMIN' | 'COMPANY_USER';
  };
}

/** The `admin` routes. */
export interface AdminPaths {
  '/api/admin/config': {
    get: { response: components['schemas']['AppConfigView'] };
    post: {
      response: components['schemas']['AppConfigView'];
      body: components['schemas']['SaveAppConfigDto'];
    };
  };
  '/api/admin/test-api': {
    post: { response: components['schemas']['TestApiView'] };
  };
  '/api/admin/users': {
    get: { response: components['schemas']['AdminUserView'][] };
  };
  '/api/admin/stats': {
    get: { response: components['schemas']['AdminStatsView'] };
  };
  '/api/admin/activity': {
    get: { response: components['schemas']['ActivityPageView'] };
  };
  '/api/admin/companies': {
    get: { response: components['schemas']['AdminCompanyView'][] };
  };
  '/api/admin/companies/{companyId}/faire-connection': {
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/admin/invite': {
    post: {
      response: components['schemas']['TeamMemberView'];
      body: components['schemas']['AdminInviteDto'];
    };
  };
}
