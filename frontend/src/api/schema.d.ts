// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

export interface components {
  schemas: {
    ConnectionNoCompanyView: {
      status: 'NO_COMPANY';
    };
    ConnectionNotConnectedView: {
      status: 'NOT_CONNECTED';
      /** The caller may connect (a company admin) */
      canManage: boolean;
    };
    ConnectionLinkedView: {
      status: 'CONNECTED' | 'FAILED';
      canManage: boolean;
      brandId: string;
      brandName: string;
      currency: string;
      authMode: 'OAUTH' | 'ACCESS_TOKEN';
      connectedAt: string;
      connectedByName: string | null;
      lastError: string | null;
    };
    AuthorizeUrlView: {
      /** Faire's authorize page to open, with this sign-in's state */
      authUrl: string;
    };
    BrandProfileView: {
      name: string;
    };
    OkView: {
      ok: true;
    };
    AuthConfigView: {
      googleEnabled: boolean;
      devLoginEnabled: boolean;
      /** Faire is the built-in sandbox, not the real Faire */
      sandboxMarketplace: boolean;
    };
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
      company: components['schemas']['CurrentUserCompanyView'] | null;
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
    MessageView: {
      message: string;
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
    ResentInvitationView: {
      ok: true;
      invitationDelivery: 'EMAIL' | 'OUTBOX' | 'NOT_SENT';
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
    OrderViewDto: {
      id: string;
      faireOrderId: string;
      displayId: string;
      state: 'NEW' | 'PROCESSING' | 'PRE_TRANSIT' | 'IN_TRANSIT' | 'BACKORDERED';
      isProblem: boolean;
      problemReason: string | null;
      estimatedPayoutAt: string | null;
      payoutExpected: boolean;
      pastExpectedShipDate: boolean;
      createdAt: string;
      customerName: string | null;
      totalCents: number | null;
      currency: string | null;
      expectedShipDate: string | null;
      trackingNumber: string | null;
      carrier: string | null;
      shipmentCreatedAt: string | null;
      fetchedAt: string;
      marketplaceUrl: string;
    };
    OrdersPageView: {
      orders: components['schemas']['OrderViewDto'][];
      /** Orders matching the filters, all pages */
      total: number;
    };
    QuarterView: {
      label: string;
      start: string;
      end: string;
    };
    LateRateOrderView: {
      id: string;
      faireOrderId: string;
      displayId: string;
      customerName: string | null;
      expectedShipDate: string;
      firstScanAt?: string;
      state?: string;
      overdue?: boolean;
      marketplaceUrl: string;
    };
    LateRateView: {
      quarter: components['schemas']['QuarterView'];
      /** Faire's line: at most this share of shipments late */
      limit: number;
      shipped: number;
      late: number;
      rate: number | null;
      /** If every overdue order shipped now */
      projectedRate: number | null;
      lateOrders: components['schemas']['LateRateOrderView'][];
      atRiskCount: number;
      overdueCount: number;
      atRisk: components['schemas']['LateRateOrderView'][];
      atRiskHours: number;
    };
    OrdersView: {
      orders: components['schemas']['OrderViewDto'][];
    };
    StateCountView: {
      state: 'NEW' | 'PROCESSING' | 'PRE_TRANSIT' | 'IN_TRANSIT' | 'BACKORDERED';
      count: number;
      percent: number;
      late: number;
      latePaid: number;
    };
    ShipmentCountsView: {
      total: number;
      success: number;
      pending: number;
      failed: number;
    };
    OrderStatsView: {
      openOrders: number;
      problemOrders: number;
      lastRefreshedAt: string | null;
      lastSyncError: string | null;
      byState: components['schemas']['StateCountView'][];
      shipments: components['schemas']['ShipmentCountsView'];
    };
    DigestPreferenceView: {
      dailyDigest: boolean;
      /** True when the digest is sent to the caller (on, and a company admin) */
      receives: boolean;
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
    SavedMappingDto: {
      id: string;
      /** What identifies the set of CSV headers the mapping is for */
      fingerprint: string;
      headers: string[];
      /** CSV header -> shipment field */
      mapping: Record<string, 'order_id' | 'tracking_number' | 'carrier' | 'ship_date' | 'shipping_cost'>;
      createdAt: string;
      lastUsedAt: string;
    };
    SavedMappingsView: {
      mappings: components['schemas']['SavedMappingDto'][];
    };
    UploadReadinessView: {
      /** Rows sent now can be created on Faire */
      canProcess: boolean;
      /** Why not, naming who can fix it */
      reason: string | null;
      connection: 'CONNECTED' | 'FAILED' | 'NOT_CONNECTED';
      /** The costs of the company's files are read in this currency (USD without a brand) */
      currency: string;
      /** The brand's locale, whose date order reads unsettled dates */
      locale: string | null;
      /** The date order the company's earlier files settled */
      dateOrder: 'day-first' | 'month-first' | null;
    };
    UploadSummaryView: {
      uploadId: string;
      filename: string;
      /** UPLOAD: the file (Reading A); PROCESS: reviewed rows; else the source that reported them (e.g. SHIPSTATION) */
      source: string;
      createdAt: string;
      uploadedBy: string | null;
      totalRows: number;
      validRows: number;
      invalidRows: number;
      duplicateRows: number;
      /** Shipments made from this upload's rows */
      shipments: number;
      /** Valid rows not yet turned into shipments */
      staged: number;
      success: number;
      /** Rows not SUCCESS that will not be tried again by themselves */
      failed: number;
      pending: number;
      /** Failed rows "Retry all failed" would send again */
      retryable: number;
      byStatus: Record<string, number>;
      /** Rows waiting for their next try while Faire has trouble */
      waitingOnFaire: number;
      nextRetryAt: string | null;
      nextRetryInSeconds: number | null;
      lastFault: string | null;
      done: boolean;
      state: 'DONE' | 'IN_PROGRESS';
    };
    UploadsPageView: {
      total: number;
      page: number;
      uploads: components['schemas']['UploadSummaryView'][];
    };
    UploadRowView: {
      row: number;
      /** A shipment status, or INVALID */
      status: string;
      orderId: string;
      displayId: string;
      trackingNumber: string;
      carrier: string;
      reason: string | null;
      duplicate: boolean;
      shipmentId: string | null;
      retryable: boolean;
      waitingOnFaire: boolean;
      nextRetryAt: string | null;
      nextRetryInSeconds: number | null;
      lastFault: string | null;
    };
    UploadRowsView: {
      total: number;
      rows: components['schemas']['UploadRowView'][];
    };
    RetriedView: {
      /** Rows sent again */
      retried: number;
    };
    OrderCheckItemDto: {
      orderId: string;
      trackingNumber: string;
    };
    OrderCheckDto: {
      rows: components['schemas']['OrderCheckItemDto'][];
    };
    OrderCheckRowView: {
      orderId: string;
      trackingNumber: string;
      /** Among the company's orders as of the last sync */
      known: boolean;
      state: string | null;
      trackingAlreadyThere: boolean;
      cannotSucceed: boolean;
      warning: string | null;
    };
    OrderCheckView: {
      lastSyncAt: string | null;
      rows: components['schemas']['OrderCheckRowView'][];
    };
    UploadPreviewRowView: {
      /** Spreadsheet row number (the header is row 1) */
      row: number;
      order_id: string;
      displayId: string;
      tracking_number: string;
      carrier: string;
      ship_date: string;
      /** ISO ship date, for valid rows */
      shipDate?: string;
      /** '$12.50' for valid rows; the cell as written for invalid ones */
      shipping_cost: string;
      /** The row's error messages, for invalid rows */
      validation?: string;
      warnings: string[];
    };
    UploadPreviewView: {
      valid: components['schemas']['UploadPreviewRowView'][];
      invalid: components['schemas']['UploadPreviewRowView'][];
    };
    UploadAnswerView: {
      uploadId: string;
      filename: string;
      totalRows: number;
      validRows: number;
      invalidRows: number;
      duplicateRows: number;
      /** Rows queued for Faire */
      queued: number;
      /** Present when the queue was away: the rows are saved and sent once it is back */
      queueUnavailable?: true;
      /** Present when the queue was away: the rows are saved and sent once it is back */
      notice?: string;
      /** The file's text encoding as read */
      encoding: string;
      /** The company's saved column mapping for these headers was used */
      savedMappingApplied: boolean;
      /** How the file was read: its date order, its cost column */
      notes: string[];
      preview: components['schemas']['UploadPreviewView'];
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
    ProcessResultView: {
      orderId: string;
      trackingNumber: string;
      shipmentId?: string | null;
      status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED' | 'INVALID';
      error: string | null;
    };
    ProcessAnswerView: {
      uploadId: string;
      results: components['schemas']['ProcessResultView'][];
      /** Present when the queue was away: the rows are saved and sent once it is back */
      queueUnavailable?: true;
      /** Present when the queue was away: the rows are saved and sent once it is back */
      notice?: string;
    };
    ShipmentHistoryRowView: {
      id: string;
      uploadId: string;
      rowNumber: number;
      orderId: string;
      displayId: string;
      trackingNumber: string;
      carrier: string;
      shipDate: string;
      /** Integer cents */
      shippingCost: number;
      /** The currency the cost was sent to Faire in */
      currency: string;
      /** The Faire brand it was sent to (null until it was) */
      brandName: string | null;
      uploadedAt: string;
      /** Where it came from first: UPLOAD (a file), PROCESS (reviewed rows), SHIPSTATION, ... */
      source: string;
      /** The file's name, or the source's own name */
      sourceName: string | null;
      /** Every source that reported it, the first one first */
      sources: string[];
      /** Costs (cents) other sources reported later, other than the one sent */
      laterCosts: number[];
      status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED';
      errorMessage: string | null;
    };
    ShipmentHistoryView: {
      total: number;
      /** The count stopped at its cap */
      totalCapped?: true;
      shipments: components['schemas']['ShipmentHistoryRowView'][];
    };
    RetryAnswerView: {
      success: boolean;
      status: 'SUCCESS' | 'PENDING' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED';
      error: string | null;
    };
    ConnectionAlertView: {
      labelId: string;
      kind: string;
      text: string;
      orderId: string | null;
      displayId: string | null;
      orderUrl: string | null;
      trackingNumber: string;
      at: string | null;
    };
    CostRuleView: {
      kind: 'LABEL' | 'LABEL_OR_FLAT' | 'FLAT' | 'PER_CARRIER' | 'SHARE';
      /** Minor units; with LABEL_OR_FLAT and FLAT */
      flatCents?: number;
      /** PER_CARRIER: Faire carrier -> minor units */
      carrierCents?: Record<string, number>;
      /** PER_CARRIER: minor units for any other carrier */
      otherCents?: number | null;
      /** SHARE: the share of the order's subtotal, in basis points */
      basisPoints?: number;
      /** SHARE: the least cost, in minor units */
      minCents?: number;
    };
    SourceConnectionView: {
      id: string;
      kind: string;
      name: string;
      status: 'CONNECTED' | 'FAILING' | 'PAUSED' | 'DISCONNECTED';
      statusReason: string | null;
      lastSyncAt: string | null;
      mode: 'AUTO' | 'REVIEW';
      sentToday: number;
      alerts: components['schemas']['ConnectionAlertView'][];
      costRule: components['schemas']['CostRuleView'];
      carrierMap: Record<string, string>;
      acceptNewOrders: boolean;
      currency: string;
      connectedAt: string;
      /** The caller may change it (company admins) */
      canManage: boolean;
    };
    SourceConnectionsView: {
      connections: components['schemas']['SourceConnectionView'][];
      /** Kinds of source the company can connect */
      available: string[];
    };
    ConnectShipStationDto: {
      /** The ShipStation API key (Settings > Account > API Settings) */
      apiKey: string;
      /** The ShipStation API secret */
      apiSecret: string;
    };
    CandidateView: {
      orderId: string;
      displayId: string;
    };
    AttentionItemView: {
      id: string;
      connectionId: string;
      kind: 'HELD' | 'ALERT';
      source: string;
      reason: string | null;
      reasonText: string | null;
      sourceRef: string | null;
      externalId: string;
      trackingNumber: string;
      carrier: string | null;
      /** Minor units of currency */
      cost: number | null;
      currency: string;
      candidates: components['schemas']['CandidateView'][];
      orderUrl: string | null;
      createdAt: string;
    };
    AttentionView: {
      items: components['schemas']['AttentionItemView'][];
    };
    SendLabelsDto: {
      ids: string[];
      /** The Faire order to send them to (bo_ id or display id) */
      orderId?: string;
      /** The cost, in minor units of the brand's currency */
      cost?: number;
    };
    StillHeldView: {
      id: string;
      reasonText: string;
    };
    SendOutcomeView: {
      sent: number;
      held: number;
      dropped: number;
      stillHeld: components['schemas']['StillHeldView'][];
      uploadIds: string[];
    };
    LabelIdsDto: {
      ids: string[];
    };
    DismissedView: {
      dismissed: number;
    };
    CostRuleDto: {
      kind: 'LABEL' | 'LABEL_OR_FLAT' | 'FLAT' | 'PER_CARRIER' | 'SHARE';
      /** PER_CARRIER: Faire carrier -> minor units of the brand's currency */
      carrierCents?: Record<string, number>;
      /** PER_CARRIER: the cost for any other carrier (absent: such labels wait) */
      otherCents?: number;
      /** SHARE: the share of the Faire order's subtotal, in percent (0-100) */
      percent?: number;
      /** SHARE: the least cost, in minor units */
      minCents?: number;
      /** Minor units of the brand's currency (LABEL_OR_FLAT and FLAT) */
      flatCents?: number;
    };
    PatchConnectionDto: {
      paused?: boolean;
      mode?: 'AUTO' | 'REVIEW';
      costRule?: components['schemas']['CostRuleDto'];
      /** The source's carrier code -> Faire's carrier (USPS, UPS, FEDEX, ...) */
      carrierMap?: Record<string, string>;
      /** Accept a NEW Faire order when a label is printed for it */
      acceptNewOrders?: boolean;
      /** The currency ShipStation's costs are in (ISO 4217) */
      currency?: string;
    };
    HookAnswerView: {
      ok: true;
      /** The delivery was queued for reading */
      queued: boolean;
    };
    ConnectShopifyDto: {
      /** The shop's myshopify.com domain, e.g. your-shop.myshopify.com */
      shop: string;
    };
    ShopifyAuthorizeView: {
      authorizeUrl: string;
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
    get: { response: components['schemas']['AuthorizeUrlView'] };
  };
  '/api/oauth/faire/callback': {
    get: { response: void };
  };
  '/api/faire/brand-profile': {
    get: { response: components['schemas']['BrandProfileView'] };
  };
  '/api/faire/connection': {
    get: {
      response:
        | components['schemas']['ConnectionNoCompanyView']
        | components['schemas']['ConnectionNotConnectedView']
        | components['schemas']['ConnectionLinkedView'];
    };
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/auth/config': {
    get: { response: components['schemas']['AuthConfigView'] };
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
    post: { response: components['schemas']['MessageView'] };
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
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/team/members/{memberId}/role': {
    patch: {
      response: components['schemas']['TeamMemberView'];
      body: components['schemas']['ChangeRoleDto'];
    };
  };
  '/api/team/resend-invite/{memberId}': {
    post: { response: components['schemas']['ResentInvitationView'] };
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
    get: { response: components['schemas']['OrdersPageView'] };
  };
  '/api/orders/late-rate': {
    get: { response: components['schemas']['LateRateView'] };
  };
  '/api/orders/problem': {
    get: { response: components['schemas']['OrdersView'] };
  };
  '/api/orders/refresh': {
    post: { response: components['schemas']['MessageView'] };
  };
  '/api/analytics/stats': {
    get: { response: components['schemas']['OrderStatsView'] };
  };
  '/api/digest/preferences': {
    get: { response: components['schemas']['DigestPreferenceView'] };
    put: {
      response: components['schemas']['DigestPreferenceView'];
      body: components['schemas']['DigestPreferenceDto'];
    };
  };
  '/api/company-settings': {
    get: { response: components['schemas']['ThresholdsDto'] };
    put: { response: components['schemas']['ThresholdsDto']; body: components['schemas']['ThresholdsDto'] };
  };
  '/api/column-mappings': {
    get: { response: components['schemas']['SavedMappingsView'] };
  };
  '/api/column-mappings/{id}': {
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/shipments/uploads/readiness': {
    get: { response: components['schemas']['UploadReadinessView'] };
  };
  '/api/shipments/uploads': {
    get: { response: components['schemas']['UploadsPageView'] };
  };
  '/api/shipments/uploads/{uploadId}': {
    get: { response: components['schemas']['UploadSummaryView'] };
  };
  '/api/shipments/uploads/{uploadId}/rows': {
    get: { response: components['schemas']['UploadRowsView'] };
  };
  '/api/shipments/uploads/{uploadId}/failed.csv': {
    get: { response: void };
  };
  '/api/shipments/uploads/{uploadId}/retry-failed': {
    post: { response: components['schemas']['RetriedView'] };
  };
  '/api/shipments/order-check': {
    post: { response: components['schemas']['OrderCheckView']; body: components['schemas']['OrderCheckDto'] };
  };
  '/api/shipments/upload': {
    post: {
      response: components['schemas']['UploadAnswerView'];
      body: {
        csv?: Blob;
        columnMapping?: string;
      };
    };
  };
  '/api/shipments/process': {
    post: {
      response: components['schemas']['ProcessAnswerView'];
      body: components['schemas']['ProcessShipmentsDto'];
    };
  };
  '/api/shipments': {
    get: { response: components['schemas']['ShipmentHistoryView'] };
  };
  '/api/shipments/{id}/retry': {
    post: { response: components['schemas']['RetryAnswerView'] };
  };
  '/api/integrations': {
    get: { response: components['schemas']['SourceConnectionsView'] };
  };
  '/api/integrations/shipstation': {
    post: {
      response: components['schemas']['SourceConnectionView'];
      body: components['schemas']['ConnectShipStationDto'];
    };
  };
  '/api/integrations/attention': {
    get: { response: components['schemas']['AttentionView'] };
  };
  '/api/integrations/attention/send': {
    post: {
      response: components['schemas']['SendOutcomeView'];
      body: components['schemas']['SendLabelsDto'];
    };
  };
  '/api/integrations/attention/dismiss': {
    post: { response: components['schemas']['DismissedView']; body: components['schemas']['LabelIdsDto'] };
  };
  '/api/integrations/{id}': {
    patch: {
      response: components['schemas']['SourceConnectionView'];
      body: components['schemas']['PatchConnectionDto'];
    };
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/hooks/shipstation/{token}': {
    post: { response: components['schemas']['HookAnswerView'] };
  };
  '/api/integrations/shopify': {
    post: {
      response: components['schemas']['ShopifyAuthorizeView'];
      body: components['schemas']['ConnectShopifyDto'];
    };
  };
  '/api/integrations/shopify/callback': {
    get: { response: void };
  };
  '/api/hooks/shopify': {
    post: {
      response: {
        ok?: boolean;
        [key: string]: unknown;
      };
    };
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
    delete: { response: components['schemas']['OkView'] };
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
