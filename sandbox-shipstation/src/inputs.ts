// What the control API takes to print a label or mark an order shipped, validated into the state's inputs.
import { badRequest } from '@portal/faire-sandbox/kit';
import type { ShipStationAddress } from './types.js';
import { isObject, roundMoney } from './util.js';

export interface LabelInput {
  orderNumber: string;
  trackingNumber: string;
  carrierCode: string;
  shipmentCost: number;
  insuranceCost: number;
  /** Set on the label's order (ShipStation keeps custom fields on the order, never on the shipment). */
  customField1: string | null;
  customField2: string | null;
  customField3: string | null;
  orderKey: string | null;
  serviceCode: string | null;
  shipDate: number | null;
}

export interface FulfillmentInput {
  orderNumber: string;
  trackingNumber: string;
  carrierCode: string;
}

export const SANDBOX_ADDRESS: ShipStationAddress = {
  name: 'Receiving',
  company: null,
  street1: '1 Market Street',
  street2: null,
  street3: null,
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: null,
  residential: false,
  addressVerified: null,
};

function text(body: Record<string, unknown>, key: string, required: boolean): string | null {
  const value = body[key];
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`${key} is required.`);
    return null;
  }
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(`${key} must be a non-empty string.`);
  }
  return value.trim();
}

function amount(body: Record<string, unknown>, key: string, required: boolean): number {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw badRequest(`${key} is required.`);
    return 0;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw badRequest(`${key} must be a non-negative number.`);
  }
  return roundMoney(value);
}

/** Validates one label of `POST /_sandbox/labels`. */
export function parseLabelInput(body: unknown): LabelInput {
  if (!isObject(body)) {
    throw badRequest('A label must be an object {orderNumber, trackingNumber, carrierCode, shipmentCost}.');
  }
  const shipDate = text(body, 'shipDate', false);
  const shipMs = shipDate === null ? null : Date.parse(shipDate);
  if (shipMs !== null && !Number.isFinite(shipMs)) throw badRequest('shipDate must be an ISO-8601 date.');
  return {
    orderNumber: text(body, 'orderNumber', true)!,
    trackingNumber: text(body, 'trackingNumber', true)!,
    carrierCode: text(body, 'carrierCode', true)!,
    shipmentCost: amount(body, 'shipmentCost', true),
    insuranceCost: amount(body, 'insuranceCost', false),
    customField1: text(body, 'customField1', false),
    customField2: text(body, 'customField2', false),
    customField3: text(body, 'customField3', false),
    orderKey: text(body, 'orderKey', false),
    serviceCode: text(body, 'serviceCode', false),
    shipDate: shipMs,
  };
}

export function parseFulfillmentInput(body: unknown): FulfillmentInput {
  if (!isObject(body)) throw badRequest('Body must be {orderNumber, trackingNumber, carrierCode}.');
  return {
    orderNumber: text(body, 'orderNumber', true)!,
    trackingNumber: text(body, 'trackingNumber', true)!,
    carrierCode: text(body, 'carrierCode', true)!,
  };
}
