// POST /admin/api/{version}/graphql.json: the access token check, the calculated query cost against the
// shop's leaky bucket (THROTTLED beyond it, reported in extensions.cost), then graphql-js execution.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  execute,
  getNamedType,
  GraphQLError,
  isCompositeType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { HttpError } from '@portal/faire-sandbox/kit';
import { parseJsonBody, readBody, sendJson as sendJsonWith } from './http.js';
import type { GraphContext } from './schema.js';
import { SINGLE_QUERY_MAX_COST, type ShopStore } from './store.js';
import type { TokenStore } from './tokens.js';
import { isObject } from '@portal/faire-sandbox/kit';
import { asShopifyValidationError, undefinedVariableFields } from './graphql-errors.js';
import { acceptsCallbackUrl, resolveVersion, type ApiVersions } from './versions.js';

export const GRAPHQL_PATH = /^\/admin\/api\/([^/]+)\/graphql\.json$/;

export interface GraphqlContext {
  /** The schema before 2026-07 (with `callbackUrl`) and from 2026-07 on (`uri` only). */
  schemas: { withCallbackUrl: GraphQLSchema; uriOnly: GraphQLSchema };
  store: ShopStore;
  tokens: TokenStore;
  /** The versions served now (they follow the sandbox clock unless fixed). */
  versions(): ApiVersions;
  allowInsecureWebhookUris: boolean;
}

function intArg(value: ValueNode | undefined, vars: Record<string, unknown>): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = vars[value.name.value];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

/**
 * Shopify's calculated query cost, simplified: a scalar or enum costs 0, an object 1, a connection
 * 2 + `first` × the cost of one node, a list with `first` that many objects, a mutation field 10.
 */
export function queryCost(
  schema: GraphQLSchema,
  doc: DocumentNode,
  op: OperationDefinitionNode,
  vars: Record<string, unknown>,
): number {
  const fragments = new Map(
    doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])),
  );
  const walk = (set: SelectionSetNode | undefined, type: GraphQLCompositeType): number => {
    if (!set) return 0;
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        total += walk(sel.selectionSet, type);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        total += walk(fragments.get(sel.name.value)?.selectionSet, type);
        continue;
      }
      if (!isObjectType(type)) continue;
      const def = type.getFields()[sel.name.value];
      if (!def) continue;
      const named = getNamedType(def.type);
      if (!isCompositeType(named)) continue;
      const first = intArg(sel.arguments?.find((a) => a.name.value === 'first')?.value, vars);
      if (named.name.endsWith('Connection')) {
        let node = 0;
        for (const inner of sel.selectionSet?.selections ?? []) {
          if (inner.kind !== Kind.FIELD || !isObjectType(named)) continue;
          const innerType = getNamedType(named.getFields()[inner.name.value]?.type);
          if (inner.name.value === 'nodes' && isCompositeType(innerType)) {
            node += 1 + walk(inner.selectionSet, innerType);
          }
          if (inner.name.value === 'edges' && isCompositeType(innerType)) {
            node += walk(inner.selectionSet, innerType);
          }
        }
        total += 2 + (first ?? 1) * node;
      } else {
        total += (first ?? 1) * (1 + walk(sel.selectionSet, named));
      }
    }
    return total;
  };
  const kind: string = op.operation;
  if (kind === 'mutation') return 10 * op.selectionSet.selections.length;
  const root = schema.getQueryType();
  return root ? walk(op.selectionSet, root) : 0;
}

export async function handleGraphql(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: GraphqlContext,
): Promise<string> {
  const asked = GRAPHQL_PATH.exec(path)![1]!;
  const version = resolveVersion(asked, ctx.versions());
  if (version === null) throw new HttpError(404, 'Not Found');
  if ((req.method ?? 'GET') !== 'POST') throw new HttpError(405, 'Method not allowed', { Allow: 'POST' });
  const schema = acceptsCallbackUrl(version) ? ctx.schemas.withCallbackUrl : ctx.schemas.uriOnly;
  // Every answer names the version that served it (an unsupported one falls forward to the oldest).
  const sendJson = (r: ServerResponse, status: number, body: unknown): void =>
    sendJsonWith(r, status, body, { 'X-Shopify-API-Version': version });
  const { store, tokens } = ctx;
  const raw = await readBody(req);
  const header = req.headers['x-shopify-access-token'];
  const auth = typeof header === 'string' ? tokens.check(header) : null;
  if (!auth) {
    store.calls.unauthorized += 1;
    sendJson(res, 401, {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
    return 'unauthorized';
  }
  store.calls.graphql += 1;
  const body = parseJsonBody(raw);
  if (!isObject(body) || typeof body.query !== 'string') {
    sendJson(res, 400, { errors: { query: 'Required parameter missing or invalid' } });
    return 'bad request';
  }
  const vars = isObject(body.variables) ? body.variables : {};
  let doc: DocumentNode;
  try {
    doc = parse(body.query);
  } catch (err) {
    sendJson(res, 200, { errors: [toError(err)] });
    return 'parse error';
  }
  const invalid = validate(schema, doc);
  if (invalid.length > 0) {
    sendJson(res, 200, { errors: invalid.map(asShopifyValidationError) });
    return 'invalid';
  }
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const opName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const op = opName ? ops.find((o) => o.name?.value === opName) : ops[0];
  if (!op) {
    sendJson(res, 200, { errors: [{ message: 'Unknown operation', extensions: { code: 'BAD_REQUEST' } }] });
    return 'no operation';
  }
  const badVariables = undefinedVariableFields(schema, op, vars);
  if (badVariables.length > 0) {
    sendJson(res, 200, { errors: badVariables });
    return 'invalid variables';
  }
  const firstField = op.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  const opKey = `${op.operation} ${firstField?.kind === Kind.FIELD ? firstField.name.value : '?'}`;
  if (store.unavailable > 0 && (store.unavailableOnly === null || store.unavailableOnly === opKey)) {
    store.unavailable -= 1;
    sendJson(res, 503, { errors: 'Service Unavailable' });
    return 'unavailable';
  }
  store.calls.byOperation[opKey] = (store.calls.byOperation[opKey] ?? 0) + 1;

  const requested = queryCost(schema, doc, op, vars);
  const status = () => ({
    maximumAvailable: store.throttle.maximumAvailable,
    currentlyAvailable: Math.floor(store.available()),
    restoreRate: store.throttle.restoreRate,
  });
  if (requested > SINGLE_QUERY_MAX_COST) {
    sendJson(res, 200, {
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: SINGLE_QUERY_MAX_COST },
        },
      ],
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: status() },
      },
    });
    return 'max cost';
  }
  if (requested > store.available()) {
    store.calls.throttled += 1;
    sendJson(res, 200, {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: status() },
      },
    });
    return 'throttled';
  }
  store.spend(requested);
  const contextValue: GraphContext = {
    store,
    scopes: auth.scopes,
    shop: auth.shop,
    warnings: [],
    allowInsecureWebhookUris: ctx.allowInsecureWebhookUris,
  };
  const result = await execute({
    schema,
    document: doc,
    variableValues: vars,
    contextValue,
    ...(opName ? { operationName: opName } : {}),
  });
  const out: Record<string, unknown> = {};
  if (result.errors) out.errors = result.errors.map(toError);
  out.data = result.data ?? null;
  const extensions: Record<string, unknown> = {
    cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: status() },
  };
  if (contextValue.warnings.length > 0) {
    extensions.search = [{ path: ['orders'], warnings: contextValue.warnings }];
  }
  out.extensions = extensions;
  sendJson(res, 200, out);
  return opKey;
}

function toError(err: unknown): Record<string, unknown> {
  if (err instanceof GraphQLError) {
    const json = err.toJSON() as unknown as Record<string, unknown>;
    if (!json.extensions || Object.keys(json.extensions).length === 0) {
      json.extensions = { code: 'BAD_REQUEST' };
    }
    return json;
  }
  return {
    message: err instanceof Error ? err.message : String(err),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
