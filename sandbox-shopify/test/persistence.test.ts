import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, CLIENT_ID, CLIENT_SECRET, ctl, gql, install, start } from './helpers.js';

describe('data file', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shopify-sandbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps tokens, subscriptions and fulfilments across a restart', async () => {
    const dataFile = join(dir, 'shopify.json');
    const first = await start({ dataFile, allowInsecureWebhookUris: true });
    const grant = await install(first);
    await ctl(first, 'POST', '/webhooks/subscriptions', {
      topic: 'fulfillments/create',
      uri: 'http://127.0.0.1:9/h',
    });
    const made = await ctl(first, 'POST', '/fulfil', {
      orderName: '#2004',
      trackingNumber: 'KEEP1',
      company: 'UPS',
    });
    await first.close();

    const second = await start({ dataFile, allowInsecureWebhookUris: true });
    try {
      const read = await gql(
        second,
        grant.access_token,
        `{ order(id: "${made.body.orderId}") { fulfillments { id } } }`,
      );
      expect(read.body.data.order.fulfillments.map((f: { id: string }) => f.id)).toEqual([made.body.id]);
      expect(second.control.subscriptions()).toHaveLength(1);
      const refreshed = await call('POST', `${second.url}/admin/oauth/access_token`, {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: grant.refresh_token,
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
