import { shipStationResource } from './shipstation-resource.js';

const SHIPSTATION = { origin: 'https://ssapi.shipstation.com', basePath: '' };

/** A resource URL's listing and the query it is read with, as a plain object. */
function read(url: unknown, api = SHIPSTATION) {
  const r = shipStationResource(url, api);
  return r ? { kind: r.kind, query: Object.fromEntries(r.query) } : null;
}

describe('shipStationResource (which webhook resource_urls are read)', () => {
  it('takes the listings ShipStation names, on its numbered API hosts too', () => {
    expect(
      read(
        'https://ssapi7.shipstation.com/shipments?storeID=123456&batchId=98765&includeShipmentItems=False',
      ),
    ).toEqual({
      kind: 'shipments',
      query: { storeID: '123456', batchId: '98765', includeShipmentItems: 'False' },
    });
    expect(read('https://ssapi12.shipstation.com/fulfillments?batchId=2')).toMatchObject({
      kind: 'fulfillments',
    });
    expect(read('https://ssapi.shipstation.com/shipments?storeID=1&batchId=2')).toMatchObject({
      kind: 'shipments',
    });
    expect(read('https://ssapi4.shipstation.com/shipments/')).toEqual({ kind: 'shipments', query: {} });
  });

  it('refuses a query ShipStation does not write (a window reaching back before the connection)', () => {
    for (const url of [
      'https://ssapi.shipstation.com/shipments?createDateStart=2000-01-01&pageSize=500',
      'https://ssapi7.shipstation.com/shipments?storeID=1&voidDateStart=2000-01-01',
      'https://ssapi.shipstation.com/shipments?batchId=1&batchId=2',
      'https://ssapi.shipstation.com/shipments?storeID=1%20OR%201',
      'https://ssapi.shipstation.com/shipments?includeShipmentItems=maybe',
      'https://ssapi.shipstation.com/shipments?page=-1',
    ]) {
      expect(read(url)).toBeNull();
    }
  });

  it('refuses another host, scheme, port, user info, fragment or path', () => {
    for (const url of [
      'https://ssapi.shipstation.com.evil.test/shipments',
      'https://ssapi7.shipstation.com.evil.test/shipments',
      'https://evilssapi7.shipstation.com/shipments',
      'https://ssapiX.shipstation.com/shipments',
      'https://ssapi12345.shipstation.com/shipments',
      'http://ssapi.shipstation.com/shipments',
      'http://ssapi7.shipstation.com/shipments',
      'https://ssapi.shipstation.com:8443/shipments',
      'https://user:pw@ssapi.shipstation.com/shipments',
      'https://ssapi.shipstation.com/shipments#x',
      'https://ssapi.shipstation.com/orders?x=1',
      'https://ssapi.shipstation.com/_sandbox/reset',
      'https://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
      42,
      `https://ssapi.shipstation.com/shipments?storeID=${'1'.repeat(3000)}`,
    ]) {
      expect(read(url)).toBeNull();
    }
  });

  it('takes the configured origin (a sandbox or a proxy), keeping its base path', () => {
    const proxied = { origin: 'http://127.0.0.1:4020', basePath: '/ss' };
    expect(read('http://127.0.0.1:4020/ss/shipments?batchId=1', proxied)).toMatchObject({
      kind: 'shipments',
    });
    expect(read('http://127.0.0.1:4020/shipments?batchId=1', proxied)).toBeNull();
    expect(read('http://127.0.0.1:4021/ss/shipments?batchId=1', proxied)).toBeNull();
  });
});
