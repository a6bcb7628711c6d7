// webhookSubscriptionCreate and webhookSubscriptionDelete, with the address rules Shopify applies to an
// HTTPS webhook URI: https only, never a Shopify or internal (localhost, loopback, private) host. The
// messages and the `field` path are the ones Shopify answers (seen in real logs: an http://localhost URI
// gets "Address protocol http:// is not supported" and "Address cannot be a Shopify or an internal
// domain", both on ["webhookSubscription", "callbackUrl"], whichever input field carried the address).
import { isIP } from 'node:net';
import type { GraphQLFieldResolver } from 'graphql';
import type { GraphContext } from './schema.js';
import type { WebhookTopic } from './types.js';

type Args = Record<string, unknown>;
type UserError = { field: string[]; message: string };

const FIELD = ['webhookSubscription', 'callbackUrl'];

export const topicName = (t: WebhookTopic): string => t.toUpperCase().replace('/', '_');
const topicOf = (name: string): WebhookTopic => name.toLowerCase().replace('_', '/') as WebhookTopic;

/** Whether an IPv4 or IPv6 literal is loopback, private, link-local or unspecified. */
function internalIp(host: string): boolean {
  const ip = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(ip) === 6) {
    if (ip === '::' || ip === '::1') return true;
    if (ip.startsWith('::ffff:')) return internalIp(ip.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(ip);
  }
  return false;
}

/** A Shopify domain or an internal one: localhost, `.local`/`.internal` names, private addresses. */
function internalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/\.(local|internal|lan|home\.arpa)$/.test(host) || !host.includes('.')) {
    return isIP(host.replace(/^\[|\]$/g, '')) === 0 || internalIp(host);
  }
  if (/(^|\.)(shopify\.com|myshopify\.com|shopifycloud\.com|shopifysvc\.com)$/.test(host)) return true;
  return internalIp(host);
}

/**
 * The userErrors Shopify gives an address; none when it is acceptable. `allowInsecure` (the sandbox's
 * `allowInsecureWebhookUris`) lets http and internal hosts through, for local development and tests.
 */
export function addressErrors(uri: string, allowInsecure: boolean): UserError[] {
  const text = uri.trim();
  if (text === '') return [{ field: FIELD, message: "Address can't be blank" }];
  if (!URL.canParse(text)) return [{ field: FIELD, message: 'Address is invalid' }];
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return [{ field: FIELD, message: `Address protocol ${url.protocol}// is not supported` }];
  }
  if (!url.hostname) return [{ field: FIELD, message: 'Address is invalid' }];
  if (allowInsecure) return [];
  const errors: UserError[] = [];
  if (url.protocol === 'http:') {
    errors.push({ field: FIELD, message: 'Address protocol http:// is not supported' });
  }
  if (internalHost(url.hostname)) {
    errors.push({ field: FIELD, message: 'Address cannot be a Shopify or an internal domain' });
  }
  return errors;
}

export const WEBHOOK_MUTATIONS: Record<string, GraphQLFieldResolver<unknown, GraphContext, Args>> = {
  webhookSubscriptionCreate: (_src, args, ctx) => {
    const input = args.webhookSubscription as { callbackUrl?: string | null; uri?: string | null };
    const uri = input.uri ?? input.callbackUrl ?? '';
    const errors = addressErrors(uri, ctx.allowInsecureWebhookUris);
    if (errors.length > 0) return { webhookSubscription: null, userErrors: errors };
    const topic = topicOf(String(args.topic));
    if (ctx.store.subscriptions.some((s) => s.shop === ctx.shop && s.topic === topic && s.uri === uri)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: FIELD, message: 'Address for this topic has already been taken' }],
      };
    }
    return { webhookSubscription: ctx.store.subscribe(topic, uri.trim(), ctx.shop), userErrors: [] };
  },
  webhookSubscriptionDelete: (_src, args, ctx) => {
    const m = /^gid:\/\/shopify\/WebhookSubscription\/(\d+)$/.exec(String(args.id));
    if (!m || !ctx.store.unsubscribe(Number(m[1]))) {
      return {
        deletedWebhookSubscriptionId: null,
        userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
      };
    }
    return { deletedWebhookSubscriptionId: String(args.id), userErrors: [] };
  },
};
