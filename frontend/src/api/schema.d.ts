// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

export interface components {
  schemas: {
    GoogleCallbackDto: {
      code: string;
      state?: string;
      redirectUri: string;
    };
    CurrentUserCompanyView: {
      id: string;
      name: string;
      role: 'COMPANY_ADMIN' | 'COMPANY_USER';
    };
    CurrentUserView: {
      id: string;
      name: string;
      email: string;
      isAdmin: boolean;
      hasFaireToken: boolean;
      company?: components['schemas']['CurrentUserCompanyView'] | null;
      message?: string;
    };
    GoogleTokenDto: {
      token: string;
    };
    DevLoginDto: {
      email?: string;
      name?: string;
      /** A single-brand Faire access token to connect this user with */
      faireToken?: string;
    };
    CreateCompanyDto: {
      /** Defaults to "{your name}'s Company" */
      name?: string;
    };
    TeamMemberUserView: {
      name: string | null;
      email: string;
    };
    TeamMemberView: {
      id: string;
      role: 'COMPANY_ADMIN' | 'COMPANY_USER';
      status: 'ACTIVE' | 'INVITED' | 'PENDING';
      createdAt: string;
      user: components['schemas']['TeamMemberUserView'];
      isCurrentUser: boolean;
      invitationExpiresAt: string | null;
      /** After an invitation was sent: EMAIL when it was emailed; without a mail server OUTBOX (kept in the development outbox) or NOT_SENT (production) */
      invitationDelivery?: 'EMAIL' | 'OUTBOX' | 'NOT_SENT';
    };
    InviteDto: {
      email: string;
      role?: 'COMPANY_ADMIN' | 'COMPANY_USER';
    };
    ChangeRoleDto: {
      role: 'COMPANY_ADMIN' | 'COMPANY_USER';
    };
    AcceptInviteDto: {
      token: string;
    };
    OutboxMessageView: {
      id: string;
      to: string;
      subject: string;
      text: string;
      link: string | null;
      createdAt: string;
      /** The invitation link: ACTIVE (opens the invitation), USED (accepted), REPLACED (a newer link was sent), WITHDRAWN (the invitation was removed), EXPIRED */
      linkState: 'ACTIVE' | 'USED' | 'REPLACED' | 'WITHDRAWN' | 'EXPIRED' | null;
    };
    DigestPreferenceDto: {
      /** Receive the daily digest email (company admins only receive it) */
      dailyDigest: boolean;
    };
    ThresholdsDto: {
      newOrderDays: number;
      processingDays: number;
      preTransitDays: number;
      inTransitDays: number;
    };
    OrderCheckItemDto: {
      orderId: string;
      trackingNumber: string;
    };
    OrderCheckDto: {
      rows: components['schemas']['OrderCheckItemDto'][];
    };
    ProcessItemDto: {
      /** The row's number in the reviewed file (header = row 1) */
      row?: number;
      orderId: string;
      trackingNumber: string;
      carrier: string;
      /** ISO date or date-time */
      shipDate: string;
      /** Shipping cost in integer cents */
      shippingCost: number;
    };
    ProcessShipmentsDto: {
      shipments: components['schemas']['ProcessItemDto'][];
      fileName?: string;
      /** The reviewed file's headers, sent with `columnMapping`: the mapping is remembered for files with these headers */
      headers?: string[];
      /** The column mapping the reviewed file was read with (CSV column -> field) */
      columnMapping?: Record<string, string>;
      /** The date order the reviewed file's own dates settled: remembered for the next file */
      dateOrder?: 'day-first' | 'month-first';
    };
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
    ActivityItemView: {
      id: string;
      /** UTC, ISO 8601 */
      timestamp: string;
      userId: string | null;
      actorEmail: string | null;
      /** Whether the actor was a platform admin */
      isAdmin: boolean;
      /** The actor's role in the company when it happened (null before it was recorded) */
      actorRole: 'COMPANY_ADMIN' | 'COMPANY_USER' | null;
      companyId: string | null;
      companyName: string | null;
      action: string;
      target: string | null;
      /** Never secrets */
      details: Record<string, unknown>;
    };
    ActivityPageView: {
      items: components['schemas']['ActivityItemView'][];
      total: number;
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
  };
}

export interface paths {
  '/api/oauth/faire/authorize': {
    get: { response: void };
  };
  '/api/oauth/faire/callback': {
    get: { response: void };
  };
  '/api/faire/brand-profile': {
    get: { response: void };
  };
  '/api/faire/connection': {
    get: { response: void };
    delete: { response: void };
  };
  '/api/auth/config': {
    get: { response: void };
  };
  '/api/auth/google/start': {
    get: { response: void };
  };
  '/api/auth/google/callback': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['GoogleCallbackDto'];
    };
  };
  '/api/auth/google': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['GoogleTokenDto'];
    };
  };
  '/api/auth/dev-login': {
    post: { response: components['schemas']['CurrentUserView']; body: components['schemas']['DevLoginDto'] };
  };
  '/api/auth/me': {
    get: { response: components['schemas']['CurrentUserView'] };
  };
  '/api/auth/logout': {
    post: { response: void };
  };
  '/api/company/create': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['CreateCompanyDto'];
    };
  };
  '/api/team/members': {
    get: { response: components['schemas']['TeamMemberView'][] };
  };
  '/api/team/invite': {
    post: { response: components['schemas']['TeamMemberView']; body: components['schemas']['InviteDto'] };
  };
  '/api/team/members/{memberId}': {
    delete: { response: void };
  };
  '/api/team/members/{memberId}/role': {
    patch: {
      response: components['schemas']['TeamMemberView'];
      body: components['schemas']['ChangeRoleDto'];
    };
  };
  '/api/team/resend-invite/{memberId}': {
    post: { response: void };
  };
  '/api/team/accept-invite': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['AcceptInviteDto'];
    };
  };
  '/api/team/outbox': {
    get: { response: components['schemas']['OutboxMessageView'][] };
  };
  '/api/orders': {
    get: { response: void };
  };
  '/api/orders/late-rate': {
    get: { response: void };
  };
  '/api/orders/problem': {
    get: { response: void };
  };
  '/api/orders/refresh': {
    post: { response: void };
  };
  '/api/analytics/stats': {
    get: { response: void };
  };
  '/api/digest/preferences': {
    get: { response: void };
    put: { response: void; body: components['schemas']['DigestPreferenceDto'] };
  };
  '/api/company-settings': {
    get: { response: void };
    put: { response: void; body: components['schemas']['ThresholdsDto'] };
  };
  '/api/column-mappings': {
    get: { response: void };
  };
  '/api/column-mappings/{id}': {
    delete: { response: void };
  };
  '/api/shipments/uploads/readiness': {
    get: { response: void };
  };
  '/api/shipments/uploads': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}/rows': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}/failed.csv': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}/retry-failed': {
    post: { response: void };
  };
  '/api/shipments/order-check': {
    post: { response: void; body: components['schemas']['OrderCheckDto'] };
  };
  '/api/shipments/upload': {
    post: {
      response: void;
      body: {
        csv?: Blob;
        columnMapping?: string;
      };
    };
  };
  '/api/shipments/process': {
    post: { response: void; body: components['schemas']['ProcessShipmentsDto'] };
  };
  '/api/shipments': {
    get: { response: void };
  };
  '/api/shipments/{id}/retry': {
    post: { response: void };
  };
  '/api/health': {
    get: {
      response: {
        status?: 'ok' | 'degraded';
        info?: Record<
          string,
          {
            status: 'up' | 'degraded' | 'down';
            /** Time the health indicator took to respond, in ms */
            responseTime?: number;
            [key: string]: unknown;
          }
        > | null;
        error?: Record<
          string,
          {
            status: 'up' | 'degraded' | 'down';
            /** Time the health indicator took to respond, in ms */
            responseTime?: number;
            [key: string]: unknown;
          }
        > | null;
        details?: Record<
          string,
          {
            status: 'up' | 'degraded' | 'down';
            /** Time the health indicator took to respond, in ms */
            responseTime?: number;
            [key: string]: unknown;
          }
        >;
      };
    };
  };
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
    delete: { response: void };
  };
  '/api/admin/invite': {
    post: {
      response: components['schemas']['TeamMemberView'];
      body: components['schemas']['AdminInviteDto'];
    };
  };
  '/api/team/activity': {
    get: { response: components['schemas']['ActivityPageView'] };
  };
}

/** A schema of the API by name. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/** What a route answers, by path and method. */
export type ResponseOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  response: infer R;
}
  ? R
  : never;
