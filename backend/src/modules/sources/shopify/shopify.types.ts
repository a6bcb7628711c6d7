/** A shop's sealed credentials (opened only for a call): expiring offline tokens (decision 0048). */
export interface ShopifyCredentials {
  /** `<name>.myshopify.com` */
  shop: string;
  accessToken: string;
  /** Rotates on every refresh; null for a non-expiring token. */
  refreshToken: string | null;
  /** Epoch ms the access token expires at (null: it does not). */
  expiresAt: number | null;
  /** Epoch ms the refresh token expires at (null: unknown). */
  refreshTokenExpiresAt: number | null;
  scope: string;
}

/** What the token endpoint answers (authorization code and refresh alike). */
export interface ShopifyTokenAnswer {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
}

export interface ShopifyTrackingInfo {
  number?: string | null;
  company?: string | null;
  url?: string | null;
}

export interface ShopifyFulfillment {
  id: string;
  status?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  trackingInfo?: ShopifyTrackingInfo[] | null;
}

/** The fields of an order this product reads (GraphQL Admin API). */
export interface ShopifyOrder {
  id: string;
  name?: string | null;
  tags?: string[] | null;
  sourceName?: string | null;
  note?: string | null;
  updatedAt?: string | null;
  customAttributes?: { key?: string | null; value?: string | null }[] | null;
  fulfillments?: ShopifyFulfillment[] | null;
}

/** `extensions.cost` of a GraphQL answer. */
export interface ShopifyCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable?: number; currentlyAvailable?: number; restoreRate?: number };
}
