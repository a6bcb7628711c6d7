// The subset of Shopify's GraphQL Admin API the sandbox serves, as a real schema (graphql-js): orders with
// cursor paging, sort keys and a search query, one order by id, the shop, and webhook subscriptions.
import {
  buildSchema,
  GraphQLError,
  GraphQLObjectType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { parseSearch, SearchError, type SearchWarning } from './search.js';
import type { ShopStore } from './store.js';
import type { FulfillmentRecord, OrderRecord, WebhookSubscription } from './types.js';
import { topicName, WEBHOOK_MUTATIONS } from './webhook-mutations.js';

const SDL = /* GraphQL */ `
  scalar DateTime
  scalar URL

  type Query {
    orders(
      first: Int
      after: String
      sortKey: OrderSortKeys = ID
      reverse: Boolean = false
      query: String
    ): OrderConnection!
    order(id: ID!): Order
    shop: Shop!
    webhookSubscriptions(first: Int): WebhookSubscriptionConnection!
  }

  type Mutation {
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  }

  enum OrderSortKeys {
    CREATED_AT
    UPDATED_AT
    PROCESSED_AT
    ID
    ORDER_NUMBER
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }
  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type Attribute {
    key: String!
    value: String
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    UNFULFILLED
    PARTIALLY_FULFILLED
  }

  type Order {
    id: ID!
    legacyResourceId: String!
    name: String!
    tags: [String!]!
    sourceName: String
    note: String
    customAttributes: [Attribute!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    fulfillments(first: Int): [Fulfillment!]!
  }

  enum FulfillmentStatus {
    SUCCESS
    CANCELLED
    ERROR
    FAILURE
  }

  type FulfillmentTrackingInfo {
    number: String
    company: String
    url: URL
  }

  type Fulfillment {
    id: ID!
    legacyResourceId: String!
    name: String!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    order: Order!
  }

  type Shop {
    name: String!
    myshopifyDomain: String!
    currencyCode: String!
  }

  enum WebhookSubscriptionTopic {
    FULFILLMENTS_CREATE
    FULFILLMENTS_UPDATE
    ORDERS_UPDATED
    APP_UNINSTALLED
  }
  enum WebhookSubscriptionFormat {
    JSON
  }

  input WebhookSubscriptionInput {
    __CALLBACK_URL__
    uri: String
    format: WebhookSubscriptionFormat
  }

  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    uri: String!
    __CALLBACK_URL__
    createdAt: DateTime!
  }
  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }
  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  type UserError {
    field: [String!]
    message: String!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }
  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }
`;

export interface GraphContext {
  store: ShopStore;
  scopes: string[];
  shop: string;
  warnings: SearchWarning[];
  /** Let http and internal webhook addresses through (the sandbox's `allowInsecureWebhookUris`). */
  allowInsecureWebhookUris: boolean;
}

const gid = (type: string, id: number): string => `gid://shopify/${type}/${id}`;
export const dateTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const MAX_PAGE = 250;

function userError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function needOrders(ctx: GraphContext): void {
  if (!ctx.scopes.includes('read_orders') && !ctx.scopes.includes('write_orders')) {
    throw userError(
      'Access denied for orders field. Required access: `read_orders` access scope.',
      'ACCESS_DENIED',
    );
  }
}

function sortValue(o: OrderRecord, key: string): number {
  switch (key) {
    case 'CREATED_AT':
    case 'PROCESSED_AT':
      return o.createdAt;
    case 'UPDATED_AT':
      return o.updatedAt;
    default:
      return o.id;
  }
}

const encodeCursor = (v: number, id: number): string =>
  Buffer.from(JSON.stringify([v, id])).toString('base64url');

function decodeCursor(cursor: string): [number, number] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((n) => typeof n === 'number')) {
      return parsed as [number, number];
    }
  } catch {
    // fall through
  }
  throw userError(`Invalid cursor for current pagination sort.`, 'BAD_REQUEST');
}

type Args = Record<string, unknown>;

const QUERY: Record<string, GraphQLFieldResolver<unknown, GraphContext, Args>> = {
  orders: (_src, args, ctx) => {
    needOrders(ctx);
    const first = args.first as number | null | undefined;
    if (first === null || first === undefined) {
      throw userError('you must provide one of first or last', 'BAD_REQUEST');
    }
    if (first < 0 || first > MAX_PAGE) {
      throw userError(`The value of first must be between 0 and ${MAX_PAGE}.`, 'BAD_REQUEST');
    }
    const key = args.sortKey as string;
    const dir = args.reverse === true ? -1 : 1;
    let predicate = (_o: OrderRecord): boolean => true;
    if (typeof args.query === 'string' && args.query.trim() !== '') {
      try {
        const parsed = parseSearch(args.query);
        predicate = parsed.predicate;
        ctx.warnings.push(...parsed.warnings);
      } catch (err) {
        if (err instanceof SearchError) throw userError(err.message, 'BAD_REQUEST');
        throw err;
      }
    }
    const cmp = (a: [number, number], b: [number, number]): number => (a[0] - b[0] || a[1] - b[1]) * dir;
    let rows = ctx.store.orders
      .filter((o) => ctx.store.readable(o, ctx.scopes) && predicate(o))
      .sort((a, b) => cmp([sortValue(a, key), a.id], [sortValue(b, key), b.id]));
    if (typeof args.after === 'string') {
      const after = decodeCursor(args.after);
      rows = rows.filter((o) => cmp([sortValue(o, key), o.id], after) > 0);
    }
    const page = rows.slice(0, first);
    const edges = page.map((o) => ({ cursor: encodeCursor(sortValue(o, key), o.id), node: o }));
    return {
      edges,
      nodes: page,
      pageInfo: {
        hasNextPage: rows.length > first,
        hasPreviousPage: typeof args.after === 'string',
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  },
  order: (_src, args, ctx) => {
    needOrders(ctx);
    const m = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(String(args.id));
    if (!m) throw userError(`Invalid global id '${String(args.id)}'`, 'BAD_REQUEST');
    const order = ctx.store.orders.find((o) => o.id === Number(m[1]));
    return order && ctx.store.readable(order, ctx.scopes) ? order : null;
  },
  shop: (_src, _args, ctx) => ({
    name: 'Juniper & Pine Candle Co.',
    myshopifyDomain: ctx.shop,
    currencyCode: 'USD',
  }),
  webhookSubscriptions: (_src, args, ctx) => {
    const first = typeof args.first === 'number' ? args.first : 50;
    const subs = ctx.store.subscriptions.filter((s) => s.shop === ctx.shop).slice(0, first);
    const edges = subs.map((s) => ({ cursor: encodeCursor(s.id, s.id), node: s }));
    return {
      edges,
      nodes: subs,
      pageInfo: {
        hasNextPage: false,
        hasPreviousPage: false,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  },
};

const ORDER: Record<string, GraphQLFieldResolver<OrderRecord, GraphContext, Args>> = {
  id: (o) => gid('Order', o.id),
  legacyResourceId: (o) => String(o.id),
  createdAt: (o) => dateTime(o.createdAt),
  updatedAt: (o) => dateTime(o.updatedAt),
  processedAt: (o) => dateTime(o.createdAt),
  cancelledAt: (o) => (o.cancelledAt === null ? null : dateTime(o.cancelledAt)),
  displayFulfillmentStatus: (o) =>
    o.fulfillments.some((f) => f.status === 'SUCCESS') ? 'FULFILLED' : 'UNFULFILLED',
  fulfillments: (o, args) =>
    typeof args.first === 'number' ? o.fulfillments.slice(0, args.first) : o.fulfillments,
};

const FULFILLMENT: Record<string, GraphQLFieldResolver<FulfillmentRecord, GraphContext, Args>> = {
  id: (f) => gid('Fulfillment', f.id),
  legacyResourceId: (f) => String(f.id),
  createdAt: (f) => dateTime(f.createdAt),
  updatedAt: (f) => dateTime(f.updatedAt),
  trackingInfo: (f, args) =>
    typeof args.first === 'number' ? f.trackingInfo.slice(0, args.first) : f.trackingInfo,
  order: (f, _args, ctx) => ctx.store.orderOf(f),
};

const SUBSCRIPTION: Record<string, GraphQLFieldResolver<WebhookSubscription, GraphContext, Args>> = {
  id: (s) => gid('WebhookSubscription', s.id),
  topic: (s) => topicName(s.topic),
  createdAt: (s) => dateTime(s.createdAt),
};

function attach(
  schema: GraphQLSchema,
  typeName: string,
  resolvers: Record<string, GraphQLFieldResolver<never, GraphContext, Args>>,
): void {
  const type = schema.getType(typeName);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`No object type ${typeName}`);
  const fields = type.getFields();
  for (const [name, resolve] of Object.entries(resolvers)) {
    const field = fields[name];
    if (!field) throw new Error(`No field ${typeName}.${name}`);
    field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
}

/**
 * The schema of one API version. `callbackUrl` (deprecated since 2025-10 for `uri`) is on
 * WebhookSubscriptionInput and WebhookSubscription only before 2026-07 (`withCallbackUrl`).
 */
export function buildAdminSchema(withCallbackUrl = true): GraphQLSchema {
  const schema = buildSchema(SDL.replaceAll('__CALLBACK_URL__', withCallbackUrl ? 'callbackUrl: URL' : ''));
  attach(schema, 'Query', QUERY);
  attach(schema, 'Mutation', WEBHOOK_MUTATIONS);
  attach(schema, 'Order', ORDER);
  attach(schema, 'Fulfillment', FULFILLMENT);
  attach(schema, 'WebhookSubscription', {
    ...SUBSCRIPTION,
    ...(withCallbackUrl ? { callbackUrl: (s: WebhookSubscription) => s.uri } : {}),
  });
  return schema;
}
