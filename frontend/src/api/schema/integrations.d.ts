// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `integrations` routes use. */
export interface IntegrationsSchemas {
  ReceivedTodayView: {
    /** Items first seen today, and every item still waiting */
    total: number;
    /** In their grace period: shown, not sent yet */
    waiting: number;
    /** Handed to Faire as new shipments */
    sent: number;
    /** Their tracking number was on the order already */
    alreadyOnFaire: number;
    /** Waiting for a person in Needs attention */
    held: number;
    /** Voided or cancelled at the source before they were sent */
    voided: number;
    /** When the next waiting item is decided */
    nextSendAt: string | null;
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
  StoreModeView: {
    /** The URL to give ShipStation's Custom Store */
    url: string;
    username: string;
    enabledAt: string;
  };
  SourceConnectionView: {
    id: string;
    kind: string;
    name: string;
    status: 'CONNECTED' | 'FAILING' | 'PAUSED' | 'DISCONNECTED';
    statusReason: string | null;
    /** Why the webhooks could not be subscribed (items then arrive with the poll); retried */
    webhookProblem: string | null;
    lastSyncAt: string | null;
    mode: 'AUTO' | 'REVIEW';
    /** New Faire shipments it made today (UTC), each counted once */
    sentToday: number;
    /** Of those, the ones no person sent: arrived on their own */
    arrivedToday: number;
    received: components['schemas']['ReceivedTodayView'];
    alerts: components['schemas']['ConnectionAlertView'][];
    costRule: components['schemas']['CostRuleView'];
    carrierMap: Record<string, string>;
    acceptNewOrders: boolean;
    /** A label whose own cost is 0 is sent at 0 (else it waits for a cost) */
    sendZeroCost: boolean;
    /** ShipStation store mode (Custom Store), when on */
    store: components['schemas']['StoreModeView'] | null;
    currency: string;
    /** When it was last connected */
    connectedAt: string;
    /** The caller may change it (company admins) */
    canManage: boolean;
  };
  SourceConnectionsView: {
    connections: components['schemas']['SourceConnectionView'][];
    /** Kinds of source the company can connect */
    available: string[];
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
    /** The source’s own cost, minor units of currency */
    cost: number | null;
    /** What the cost rule gives it, minor units of the brand’s currency (offered in its review) */
    ruleCost: number | null;
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
    /** New Faire shipments */
    sent: number;
    /** Already on the order: nothing new reached Faire */
    alreadyOnFaire: number;
    held: number;
    dropped: number;
    /** Voided or cancelled at the source: never sent */
    voided: number;
    stillHeld: components['schemas']['StillHeldView'][];
    uploadIds: string[];
  };
  LabelIdsDto: {
    ids: string[];
  };
  DismissedView: {
    dismissed: number;
  };
  WaitingItemView: {
    id: string;
    connectionId: string;
    source: string;
    sourceName: string;
    /** What the source calls it: label, fulfilment */
    itemWord: string;
    sourceRef: string | null;
    trackingNumber: string;
    carrier: string | null;
    /** The source’s own cost, minor units */
    cost: number | null;
    currency: string;
    /** When it is decided (and sent, when nothing holds it) */
    sendAt: string;
    receivedAt: string;
  };
  WaitingView: {
    items: components['schemas']['WaitingItemView'][];
  };
  ReleaseOutcomeView: {
    /** New Faire shipments */
    sent: number;
    /** Already on the order: nothing new reached Faire */
    alreadyOnFaire: number;
    held: number;
    dropped: number;
    /** Voided or cancelled at the source: never sent */
    voided: number;
    stillHeld: components['schemas']['StillHeldView'][];
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
    /** Send a label whose own cost is 0 at 0 (otherwise it waits with "No cost on the label") */
    sendZeroCost?: boolean;
    /** The currency ShipStation's costs are in (ISO 4217) */
    currency?: string;
  };
  ConnectShipStationDto: {
    /** The ShipStation API key (Settings > Account > API Settings) */
    apiKey: string;
    /** The ShipStation API secret */
    apiSecret: string;
  };
  HookAnswerView: {
    ok: true;
    /** The delivery was queued for reading */
    queued: boolean;
  };
  StoreCredentialsView: {
    url: string;
    username: string;
    /** Shown once: only its hash is kept */
    password: string;
  };
  ConnectShopifyDto: {
    /** The shop's myshopify.com domain, e.g. your-shop.myshopify.com */
    shop: string;
  };
  ShopifyAuthorizeView: {
    authorizeUrl: string;
  };
  ShopifyHookReceiptView: {
    ok: true;
    /** A read of the order was queued (fulfilment and order topics) */
    queued?: boolean;
    /** customers/data_request, customers/redact: always false */
    customerDataStored?: boolean;
    /** shop/redact: the shop's connection and its records were deleted */
    deleted?: boolean;
    /** Privacy topics: what this product keeps of a shop */
    statement?: string;
  };
}

/** The `integrations` routes. */
export interface IntegrationsPaths {
  '/api/integrations': {
    get: { response: components['schemas']['SourceConnectionsView'] };
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
  '/api/integrations/waiting': {
    get: { response: components['schemas']['WaitingView'] };
  };
  '/api/integrations/waiting/send': {
    post: {
      response: components['schemas']['ReleaseOutcomeView'];
      body: components['schemas']['LabelIdsDto'];
    };
  };
  '/api/integrations/waiting/dismiss': {
    post: { response: components['schemas']['DismissedView']; body: components['schemas']['LabelIdsDto'] };
  };
  '/api/integrations/{id}': {
    patch: {
      response: components['schemas']['SourceConnectionView'];
      body: components['schemas']['PatchConnectionDto'];
    };
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/integrations/shipstation': {
    post: {
      response: components['schemas']['SourceConnectionView'];
      body: components['schemas']['ConnectShipStationDto'];
    };
  };
  '/api/hooks/shipstation/{token}': {
    post: { response: components['schemas']['HookAnswerView'] };
  };
  '/api/integrations/shipstation/store': {
    post: { response: components['schemas']['StoreCredentialsView'] };
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/hooks/shipstation-store/{storeId}': {
    get: { response: void };
    post: { response: void };
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
    post: { response: components['schemas']['ShopifyHookReceiptView'] };
  };
}
