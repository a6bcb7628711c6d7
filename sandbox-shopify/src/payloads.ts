// The REST-shaped bodies Shopify delivers with webhooks: a fulfilment, an order (the fields a fulfilment
// connector reads) and the shop of app/uninstalled, with the fields of shopify.dev's sample payloads.
import { dateTime } from './schema.js';
import type { FulfillmentRecord, OrderRecord } from './types.js';

/** The REST-shaped fulfilment Shopify sends with fulfillments/create and fulfillments/update. */
export function fulfillmentPayload(f: FulfillmentRecord, order: OrderRecord): Record<string, unknown> {
  const first = f.trackingInfo[0];
  return {
    id: f.id,
    order_id: order.id,
    status: f.status.toLowerCase(),
    created_at: dateTime(f.createdAt),
    updated_at: dateTime(f.updatedAt),
    service: 'manual',
    tracking_company: first?.company ?? null,
    shipment_status: null,
    location_id: null,
    origin_address: null,
    email: null,
    destination: null,
    line_items: [],
    tracking_number: first?.number ?? null,
    tracking_numbers: f.trackingInfo.map((t) => t.number),
    tracking_url: first?.url ?? null,
    tracking_urls: f.trackingInfo.map((t) => t.url),
    receipt: {},
    name: f.name,
    admin_graphql_api_id: `gid://shopify/Fulfillment/${f.id}`,
  };
}

/** The REST-shaped order (the fields a fulfilment connector reads) sent with orders/updated. */
export function orderPayload(order: OrderRecord): Record<string, unknown> {
  return {
    id: order.id,
    name: order.name,
    tags: order.tags.join(', '),
    source_name: order.sourceName,
    note: order.note,
    note_attributes: order.customAttributes.map((a) => ({ name: a.key, value: a.value })),
    created_at: dateTime(order.createdAt),
    updated_at: dateTime(order.updatedAt),
    cancelled_at: order.cancelledAt === null ? null : dateTime(order.cancelledAt),
    fulfillments: order.fulfillments.map((f) => fulfillmentPayload(f, order)),
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
  };
}

/**
 * The shop as app/uninstalled carries it: the fields of shopify.dev's sample payload, with this shop's
 * values (the sample leaves `domain` and `myshopify_domain` null; a real delivery names the shop).
 */
export function shopPayload(shop: string): Record<string, unknown> {
  return {
    id: 73_000_001,
    name: 'Juniper & Pine Candle Co.',
    email: 'owner@juniper-and-pine.example',
    domain: shop,
    province: 'Oregon',
    country: 'US',
    address1: '1 Example Street',
    zip: '97205',
    city: 'Portland',
    source: null,
    phone: null,
    latitude: null,
    longitude: null,
    primary_locale: 'en',
    address2: null,
    created_at: null,
    updated_at: null,
    country_code: 'US',
    country_name: 'United States',
    currency: 'USD',
    customer_email: 'owner@juniper-and-pine.example',
    timezone: '(GMT-08:00) Pacific Time (US & Canada)',
    iana_timezone: null,
    shop_owner: 'Juniper & Pine',
    money_format: '${{amount}}',
    money_with_currency_format: '${{amount}} USD',
    weight_unit: 'lb',
    province_code: 'OR',
    taxes_included: null,
    auto_configure_tax_inclusivity: null,
    tax_shipping: null,
    county_taxes: null,
    plan_display_name: 'Basic',
    plan_name: 'basic',
    has_discounts: false,
    has_gift_cards: false,
    myshopify_domain: shop,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: '${{amount}}',
    money_with_currency_in_emails_format: '${{amount}} USD',
    eligible_for_payments: true,
    requires_extra_payments_agreement: false,
    password_enabled: null,
    has_storefront: true,
    finances: true,
    primary_location_id: 73_100_001,
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: ['USD'],
    marketing_sms_consent_enabled_at_checkout: false,
    transactional_sms_disabled: false,
  };
}
