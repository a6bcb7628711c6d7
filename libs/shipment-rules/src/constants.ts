export const REQUIRED_COLUMNS = [
  'order_id',
  'tracking_number',
  'carrier',
  'ship_date',
  'shipping_cost',
] as const;

/** One of the five CSV columns a shipment row needs. */
export type ShipmentField = (typeof REQUIRED_COLUMNS)[number];

/** Fields offered in the 'Map Your CSV Columns' dialog. Shipping cost is not mappable (spec section 5). */
export const MAPPABLE_FIELDS = ['order_id', 'tracking_number', 'carrier', 'ship_date'] as const;

export type MappableField = (typeof MAPPABLE_FIELDS)[number];

/** Largest accepted upload, 10MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Minimum length of the id part of an order id (the text after `bo_`). */
export const ORDER_ID_MIN_LENGTH = 5;

/** Carrier names the spec recognises, matched by "containing", case-insensitive. */
export const KNOWN_CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'ontrac', 'lasership'] as const;

/** Shipping costs strictly above this many cents ($10,000) get an "unusually high" warning. */
export const SHIPPING_COST_WARNING_CENTS = 1_000_000;

/** Content of the 'Download Sample CSV Template' link. */
export const SAMPLE_CSV =
  'order_id,tracking_number,carrier,ship_date,shipping_cost\n' +
  'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
  'XYZ98765AB,986578788855,FedEx,2026-11-20,18.75\n' +
  'bo_qrs45678tu,9400111201080805483016,USPS,2026-11-21,7.99\n';
