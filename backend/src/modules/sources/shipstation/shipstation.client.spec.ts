import type { AppConfig } from '../../../common/config/index.js';
import { ShipStationClient } from './shipstation.client.js';

function client(base: string): ShipStationClient {
  return new ShipStationClient({
    sources: { shipstationBaseUrl: base, shipstationTimeoutMs: 1000 },
  } as AppConfig);
}

describe('ShipStationClient.isOwnResource', () => {
  const ss = client('https://ssapi.shipstation.com');

  it('takes the listings a webhook names on the API origin', () => {
    expect(ss.isOwnResource('https://ssapi.shipstation.com/shipments?storeID=1&batchId=2')).toBe(true);
    expect(ss.isOwnResource('https://ssapi.shipstation.com/fulfillments?batchId=2')).toBe(true);
  });

  it('refuses another host, scheme, port, user info or path', () => {
    for (const url of [
      'https://ssapi.shipstation.com.evil.test/shipments',
      'http://ssapi.shipstation.com/shipments',
      'https://ssapi.shipstation.com:8443/shipments',
      'https://user:pw@ssapi.shipstation.com/shipments',
      'https://ssapi.shipstation.com/orders?x=1',
      'https://ssapi.shipstation.com/_sandbox/reset',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
      42,
    ]) {
      expect(ss.isOwnResource(url)).toBe(false);
    }
  });

  it('keeps a base path of the configured URL', () => {
    const proxied = client('http://127.0.0.1:4020/ss');
    expect(proxied.isOwnResource('http://127.0.0.1:4020/ss/shipments?batchId=1')).toBe(true);
    expect(proxied.isOwnResource('http://127.0.0.1:4020/shipments?batchId=1')).toBe(false);
  });
});
