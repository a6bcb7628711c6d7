import { SHIPPING_COST_WARNING_CENTS, type ShipmentField } from './constants.js';
import {
  MAX_STORED_CENTS,
  cellProblem,
  cellSafetyMessage,
  shippingCostTooLarge,
  type CellSafetyCode,
} from './cell-safety.js';
import { isRecognisedCarrier, normalizeCarrier } from './carriers.js';
import { isMoreThanOneDayAhead, isMoreThanOneYearOld, parseShipDate } from './dates.js';
import {
  WARNING_MESSAGES,
  carrierNotRecognisedMessage,
  specError,
  type RowErrorCode,
  type RowIssue,
  type RowWarningCode,
} from './messages.js';
import { displayIdFor, isOrderIdLongEnough, normalizeOrderId } from './order-id.js';
import { normalizeTrackingNumber } from './tracking.js';
import type { RowResult } from './validate-row.js';

/**
 * A shipment as a connector knows it: typed values, never cells. The cost is whole minor units of the
 * brand's currency; the ship date a calendar date ('YYYY-MM-DD') or a moment (its UTC date is taken).
 */
export interface TypedShipment {
  orderId: string;
  trackingNumber: string;
  /** Faire's carrier value ('USPS', 'UPS', ...) or the source's own name for it. */
  carrier: string;
  /** What the source called the carrier (e.g. ShipStation's `stamps_com`); the carrier when absent. */
  carrierRaw?: string;
  shipDate: string | Date;
  shippingCostCents: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function safety(field: ShipmentField, value: string): RowIssue<CellSafetyCode> | undefined {
  const code = cellProblem(field, value);
  return code === undefined ? undefined : { field, code, message: cellSafetyMessage(field, code) };
}

/** The calendar date of a typed ship date, or undefined when it is not one. */
function typedDay(value: string | Date): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  }
  if (typeof value !== 'string' || !ISO_DAY.test(value.trim())) return undefined;
  const parsed = parseShipDate(value.trim());
  return parsed.ok ? parsed.date : undefined;
}

/**
 * The shipment row rules applied to typed values (what `validateRow` does to a CSV record's cells):
 * the same error codes and texts, the same normalised value, without printing numbers or dates back
 * into text first. A cost that is not a whole, non-negative number of minor units is refused.
 */
export function validateTypedShipment(input: TypedShipment, opts: { now?: Date } = {}): RowResult {
  const now = opts.now ?? new Date();
  const errors: Array<RowIssue<RowErrorCode>> = [];
  const warnings: Array<RowIssue<RowWarningCode>> = [];
  const texts: Array<[ShipmentField, unknown]> = [
    ['order_id', input.orderId],
    ['tracking_number', input.trackingNumber],
    ['carrier', input.carrierRaw ?? input.carrier],
  ];
  for (const [field, value] of texts) {
    const problem = typeof value === 'string' ? safety(field, value) : undefined;
    if (problem) errors.push(problem);
  }
  if (errors.length) return { valid: false, errors, warnings };

  let orderId: string | undefined;
  if (typeof input.orderId !== 'string' || input.orderId.trim() === '') {
    errors.push(specError('order_id', 'MISSING_ORDER_ID'));
  } else {
    orderId = normalizeOrderId(input.orderId);
    if (!isOrderIdLongEnough(orderId)) errors.push(specError('order_id', 'ORDER_ID_TOO_SHORT'));
  }

  const trackingNumber =
    typeof input.trackingNumber === 'string' ? normalizeTrackingNumber(input.trackingNumber) : '';
  if (trackingNumber === '') errors.push(specError('tracking_number', 'EMPTY_TRACKING_NUMBER'));

  const carrierRaw =
    (typeof input.carrierRaw === 'string' ? input.carrierRaw : input.carrier)?.trim?.() ?? '';
  const carrierName = typeof input.carrier === 'string' ? input.carrier.trim() : '';
  if (carrierName === '') errors.push(specError('carrier', 'EMPTY_CARRIER'));
  else if (!isRecognisedCarrier(carrierName)) {
    warnings.push({
      field: 'carrier',
      code: 'CARRIER_NOT_RECOGNISED',
      message: carrierNotRecognisedMessage(carrierName),
    });
  }

  const shipDate = typedDay(input.shipDate);
  if (shipDate === undefined) errors.push(specError('ship_date', 'INVALID_SHIP_DATE_FORMAT'));
  else if (isMoreThanOneDayAhead(shipDate, now)) {
    warnings.push({
      field: 'ship_date',
      code: 'SHIP_DATE_IN_FUTURE',
      message: WARNING_MESSAGES.SHIP_DATE_IN_FUTURE,
    });
  } else if (isMoreThanOneYearOld(shipDate, now)) {
    warnings.push({
      field: 'ship_date',
      code: 'SHIP_DATE_TOO_OLD',
      message: WARNING_MESSAGES.SHIP_DATE_TOO_OLD,
    });
  }

  const cents = input.shippingCostCents;
  if (typeof cents !== 'number' || !Number.isFinite(cents) || !Number.isInteger(cents)) {
    errors.push(specError('shipping_cost', 'INVALID_SHIPPING_COST'));
  } else if (cents < 0) {
    errors.push(specError('shipping_cost', 'NEGATIVE_SHIPPING_COST'));
  } else if (cents > MAX_STORED_CENTS) {
    errors.push(shippingCostTooLarge());
  } else if (cents > SHIPPING_COST_WARNING_CENTS) {
    warnings.push({
      field: 'shipping_cost',
      code: 'SHIPPING_COST_HIGH',
      message: WARNING_MESSAGES.SHIPPING_COST_HIGH,
    });
  }

  if (errors.length || orderId === undefined || shipDate === undefined) {
    return { valid: false, errors, warnings };
  }
  return {
    valid: true,
    errors,
    warnings,
    value: {
      orderId,
      displayId: displayIdFor(orderId),
      trackingNumber,
      carrier: normalizeCarrier(carrierName),
      carrierRaw: carrierRaw || carrierName,
      shipDate,
      shipDateIso: `${shipDate}T00:00:00.000Z`,
      shippingCostCents: cents,
    },
  };
}
