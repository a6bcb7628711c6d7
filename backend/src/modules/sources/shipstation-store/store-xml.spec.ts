import { XMLParser } from 'fast-xml-parser';
import { formatStoreDate, parseStoreDate, storeDay } from './store-dates.js';
import { exportXml, parseShipNotice, StoreXmlError, type ExportOrder } from './store-xml.js';
import { basicCredentials, hashStorePassword, sameText, verifyStorePassword } from './store-credentials.js';

const order = (n: number): ExportOrder => ({
  orderId: `bo_order${n}abc`,
  orderNumber: `ORDER${n}ABC`,
  orderDate: new Date(Date.UTC(2026, 2, 23, 21, 9)),
  status: 'PROCESSING',
  lastModified: new Date(Date.UTC(2026, 2, 24, 8, 5)),
  totalCents: 12345,
  retailer: 'Shop & <Co> ]]> ltd',
  expectedShipDate: new Date(Date.UTC(2026, 2, 30)),
  shipTo: {
    name: 'Ann',
    company: 'Shop & <Co>',
    address1: '1 Main St',
    address2: null,
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
    phone: null,
  },
  items: [{ sku: 'SKU-1', name: 'Mug - Blue', quantity: 6, unitPriceCents: 450 }],
});

describe('Custom Store dates', () => {
  it('writes and reads MM/dd/yyyy HH:mm in UTC', () => {
    const d = new Date(Date.UTC(2012, 2, 23, 21, 9));
    expect(formatStoreDate(d)).toBe('03/23/2012 21:09');
    expect(parseStoreDate('03/23/2012 21:09')).toEqual(d);
    expect(parseStoreDate('3/23/2012 9:09 PM')).toEqual(d);
    expect(parseStoreDate('03/23/2012 21:09:30')).toEqual(new Date(Date.UTC(2012, 2, 23, 21, 9, 30)));
    expect(storeDay('03/23/2012')).toBe('2012-03-23');
  });

  it('refuses what is not a date', () => {
    for (const bad of [
      '2012-03-23 21:09',
      '02/31/2012 10:00',
      '13/01/2012 10:00',
      '03/23/2012 24:00',
      '',
      5,
    ]) {
      expect(parseStoreDate(bad)).toBeNull();
    }
  });
});

describe('Custom Store XML', () => {
  it('writes the export with pages, CDATA text and items', () => {
    const xml = exportXml([order(1), order(2)], 3);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toContain('<Orders pages="3">');
    expect(xml).toContain('<OrderID><![CDATA[bo_order1abc]]></OrderID>');
    expect(xml).toContain('<OrderDate>03/23/2026 21:09</OrderDate>');
    expect(xml).toContain("Faire's expected ship date: 2026-03-30");
    const doc = new XMLParser({
      ignoreAttributes: false,
      processEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
    }).parse(xml);
    const first = doc.Orders.Order[0];
    expect(doc.Orders['@_pages']).toBe('3');
    expect(first.Customer.ShipTo.Company).toBe('Shop & <Co>');
    expect(first.Customer.CustomerCode).toBe('Shop & <Co> ]] > ltd');
    expect(first.Items.Item).toMatchObject({ SKU: 'SKU-1', Quantity: '6', UnitPrice: '4.50' });
    expect(first.OrderTotal).toBe('123.45');
  });

  it('writes an empty page as one page with no orders', () => {
    expect(exportXml([], 0)).toContain('<Orders pages="1">');
  });

  it('reads a ship notice', () => {
    const n = parseShipNotice(`<?xml version="1.0" encoding="utf-8"?>
      <ShipNotice><OrderNumber><![CDATA[ABC]]></OrderNumber><OrderID>bo_abc</OrderID>
      <Carrier>USPS</Carrier><Service>Priority Mail</Service><TrackingNumber>9400 1</TrackingNumber>
      <ShippingCost>4.20</ShippingCost><LabelCreateDate>03/23/2026 21:09</LabelCreateDate>
      <ShipDate>03/24/2026</ShipDate><Recipient><Name>Ann</Name></Recipient></ShipNotice>`);
    expect(n).toEqual({
      orderId: 'bo_abc',
      orderNumber: 'ABC',
      carrier: 'USPS',
      service: 'Priority Mail',
      trackingNumber: '9400 1',
      shippingCost: '4.20',
      labelCreateDate: '03/23/2026 21:09',
      shipDate: '03/24/2026',
    });
  });

  it('refuses entity declarations, malformed XML and other roots with a clear message', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>
      <ShipNotice><OrderID>&lol2;</OrderID></ShipNotice>`;
    expect(() => parseShipNotice(bomb)).toThrow(/DOCTYPE/);
    expect(() => parseShipNotice('<ShipNotice><OrderID>x</ShipNotice>')).toThrow(/malformed/);
    expect(() => parseShipNotice('<Orders></Orders>')).toThrow(/root must be <ShipNotice>/);
    expect(() => parseShipNotice('  ')).toThrow(StoreXmlError);
  });
});

describe('store credentials', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const h = await hashStorePassword('s3cret');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyStorePassword('s3cret', h)).toBe(true);
    expect(await verifyStorePassword('s3cres', h)).toBe(false);
    expect(await verifyStorePassword('s3cret', null)).toBe(false);
  });

  it('reads Basic credentials and compares names whatever their length', () => {
    const header = `Basic ${Buffer.from('user:pa:ss').toString('base64')}`;
    expect(basicCredentials(header)).toEqual({ username: 'user', password: 'pa:ss' });
    expect(basicCredentials('Bearer x')).toBeNull();
    expect(basicCredentials(undefined)).toBeNull();
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('abc', 'abcd')).toBe(false);
    expect(sameText('', '')).toBe(true);
  });
});
