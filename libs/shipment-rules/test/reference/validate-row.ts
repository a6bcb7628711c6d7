/*
 * The row validation as it was before its fast paths: the reference `validateRow` is tested against.
 * Carrier detection asks ts-tracking-number for every number (`detectCarriersSlow`), and the helpers
 * that gained fast paths since are kept here in their earlier form.
 */
import { SHIPPING_COST_WARNING_CENTS } from '../../src/constants.js';
import {
  carrierCodeFor,
  carrierFamily,
  carrierLabel,
  isRecognisedCarrier,
  normalizeCarrier,
  type CarrierCode,
} from '../../src/carriers.js';
import { isMoreThanOneDayAhead, isMoreThanOneYearOld, parseShipDate } from '../../src/dates.js';
import { normalizedCells, type CsvRecord } from '../../src/headers.js';
import {
  WARNING_MESSAGES,
  carrierMismatchMessage,
  carrierNotRecognisedMessage,
  scientificNotationMessage,
  specError,
  type RowErrorCode,
  type RowIssue,
  type RowWarningCode,
} from '../../src/messages.js';
import { parseShippingCost } from '../../src/money.js';
import { readAmountCell, readOrderIdCell } from '../../src/value-forms.js';
import { readShipDateCell } from '../../src/date-forms.js';
import { displayIdFor, isOrderIdLongEnough, normalizeOrderId } from '../../src/order-id.js';
import { detectCarriersSlow, isDetectableCarrier, matchesCarrierFormat } from '../../src/tracking.js';
import type { RowResult, ValidateRowOptions } from '../../src/validate-row.js';

/** `normalizeTrackingNumber` before its fast path. */
export function normalizeTrackingNumberReference(raw: string): string {
  return String(raw)
    .replace(/[\s\u200B-\u200D\u2060\uFEFF]+/g, '')
    .toUpperCase();
}

const SCIENTIFIC = /^[0-9]+(?:[.,][0-9]+)?E[+-]?[0-9]{1,3}$/i;

/** `isScientificNotation` before its fast path. */
export function isScientificNotationReference(raw: string): boolean {
  return SCIENTIFIC.test(String(raw).trim());
}

/** `detectCarriers` as it was: the library asked about the normalised letters and digits. */
export function detectCarriersReference(tracking: string): CarrierCode[] {
  return detectCarriersSlow(normalizeTrackingNumberReference(tracking).replace(/[^A-Z0-9]/g, ''));
}

/** `detectCarrier` on the library's answer. */
export function detectCarrierReference(tracking: string): CarrierCode | undefined {
  const found = detectCarriersReference(tracking);
  const families = new Set(found.map(carrierFamily));
  return families.size === 1 ? found[0] : undefined;
}

const normalizeTrackingNumber = normalizeTrackingNumberReference;
const isScientificNotation = isScientificNotationReference;
const detectCarrier = detectCarrierReference;
const detectCarriers = detectCarriersReference;

function isBlank(value: string | undefined): value is undefined {
  return value === undefined || value.trim().length === 0;
}

function warning(field: RowIssue['field'], code: RowWarningCode, message: string): RowIssue<RowWarningCode> {
  return { field, code, message };
}

const FORMAT_WARNING: Readonly<
  Record<string, 'TRACKING_FORMAT_UPS' | 'TRACKING_FORMAT_USPS' | 'TRACKING_FORMAT_FEDEX'>
> = {
  UPS: 'TRACKING_FORMAT_UPS',
  USPS: 'TRACKING_FORMAT_USPS',
  FEDEX: 'TRACKING_FORMAT_FEDEX',
};

/**
 * Checks one CSV record against the shipment row rules (spec section 5).
 * Headers are compared after trimming and lowercasing. "Missing" means the cell is absent, except
 * for order_id, ship_date and shipping_cost, which the spec gives no "Empty" error for: a blank cell
 * there is "Missing" too. tracking_number and carrier tell absent ("Missing") from blank ("Empty").
 */
export function validateRowReference(record: CsvRecord, opts: ValidateRowOptions = {}): RowResult {
  const now = opts.now ?? new Date();
  const cells = normalizedCells(record);
  const errors: Array<RowIssue<RowErrorCode>> = [];
  const warnings: Array<RowIssue<RowWarningCode>> = [];

  // Values as people paste them (issue 14) are read the same way here: the comparison is about the
  // fast paths, the forms themselves are tested in value-forms.test.ts.
  const orderCell = cells.get('order_id');
  const orderForm = orderCell === undefined ? undefined : readOrderIdCell(orderCell);
  const rawOrderId = orderForm ? orderForm.text : orderCell;
  if (orderForm?.note) warnings.push(warning('order_id', 'VALUE_INTERPRETED', orderForm.note));
  let orderId: string | undefined;
  if (isBlank(rawOrderId)) {
    errors.push(specError('order_id', 'MISSING_ORDER_ID'));
  } else {
    orderId = normalizeOrderId(rawOrderId);
    if (!isOrderIdLongEnough(orderId)) errors.push(specError('order_id', 'ORDER_ID_TOO_SHORT'));
  }

  const rawTracking = cells.get('tracking_number');
  let trackingNumber: string | undefined;
  if (rawTracking === undefined) {
    errors.push(specError('tracking_number', 'MISSING_TRACKING_NUMBER'));
  } else if (normalizeTrackingNumber(rawTracking).length === 0) {
    errors.push(specError('tracking_number', 'EMPTY_TRACKING_NUMBER'));
  } else if (isScientificNotation(rawTracking)) {
    errors.push({
      field: 'tracking_number',
      code: 'TRACKING_SCIENTIFIC_NOTATION',
      message: scientificNotationMessage(rawTracking.trim()),
    });
  } else {
    trackingNumber = normalizeTrackingNumber(rawTracking);
  }

  const rawCarrier = cells.get('carrier');
  let carrier: string | undefined;
  let carrierRaw: string | undefined;
  if (rawCarrier === undefined) {
    errors.push(specError('carrier', 'MISSING_CARRIER'));
  } else if (rawCarrier.trim().length === 0) {
    errors.push(specError('carrier', 'EMPTY_CARRIER'));
  } else {
    carrierRaw = rawCarrier.trim();
    carrier = normalizeCarrier(carrierRaw);
    if (!isRecognisedCarrier(carrierRaw)) {
      warnings.push(warning('carrier', 'CARRIER_NOT_RECOGNISED', carrierNotRecognisedMessage(carrierRaw)));
    }
  }

  let suggestedCarrier: CarrierCode | undefined;
  if (trackingNumber !== undefined) {
    const namedCode = carrierRaw === undefined ? undefined : carrierCodeFor(carrierRaw);
    if (namedCode === undefined) {
      suggestedCarrier = detectCarrier(trackingNumber);
    } else {
      const detected = detectCarriers(trackingNumber);
      const confirmed = detected.some((code) => carrierFamily(code) === carrierFamily(namedCode));
      const formatCode = FORMAT_WARNING[namedCode];
      if (
        formatCode !== undefined &&
        matchesCarrierFormat(namedCode, trackingNumber) === false &&
        !confirmed
      ) {
        warnings.push(warning('tracking_number', formatCode, WARNING_MESSAGES[formatCode]));
      }
      if (isDetectableCarrier(namedCode) && detected.length > 0 && !confirmed && carrierRaw !== undefined) {
        const labels = detected.map(carrierLabel).join(' or ');
        warnings.push(
          warning('tracking_number', 'TRACKING_CARRIER_MISMATCH', carrierMismatchMessage(labels, carrierRaw)),
        );
      }
    }
  }

  const dateCell = cells.get('ship_date');
  let shipDate = parseShipDate(dateCell);
  const dateForm =
    shipDate.ok || shipDate.reason === 'missing' || dateCell === undefined
      ? undefined
      : readShipDateCell(dateCell);
  if (dateForm?.kind === 'read' && parseShipDate(dateForm.text).ok) {
    shipDate = parseShipDate(dateForm.text);
    warnings.push(warning('ship_date', 'VALUE_INTERPRETED', dateForm.note));
  }
  if (dateForm?.kind === 'ambiguous') {
    errors.push({ field: 'ship_date', code: 'AMBIGUOUS_SHIP_DATE', message: dateForm.message });
  } else if (!shipDate.ok) {
    errors.push(
      specError(
        'ship_date',
        shipDate.reason === 'missing' ? 'MISSING_SHIP_DATE' : 'INVALID_SHIP_DATE_FORMAT',
      ),
    );
  } else if (isMoreThanOneDayAhead(shipDate.date, now)) {
    warnings.push(warning('ship_date', 'SHIP_DATE_IN_FUTURE', WARNING_MESSAGES.SHIP_DATE_IN_FUTURE));
  } else if (isMoreThanOneYearOld(shipDate.date, now)) {
    warnings.push(warning('ship_date', 'SHIP_DATE_TOO_OLD', WARNING_MESSAGES.SHIP_DATE_TOO_OLD));
  }

  const costCell = cells.get('shipping_cost');
  const costForm = costCell === undefined ? undefined : readAmountCell(costCell, opts.currency);
  const cost = parseShippingCost(costForm?.kind === 'read' ? costForm.text : costCell);
  if (costForm?.kind === 'ambiguous') {
    errors.push({ field: 'shipping_cost', code: 'AMBIGUOUS_SHIPPING_COST', message: costForm.message });
  } else if (costForm?.kind === 'other-currency') {
    errors.push({ field: 'shipping_cost', code: 'CURRENCY_MISMATCH', message: costForm.message });
  } else if (!cost.ok) {
    const code =
      cost.reason === 'missing'
        ? 'MISSING_SHIPPING_COST'
        : cost.reason === 'negative'
          ? 'NEGATIVE_SHIPPING_COST'
          : 'INVALID_SHIPPING_COST';
    errors.push(specError('shipping_cost', code));
  } else {
    if (costForm?.kind === 'read') {
      warnings.push(warning('shipping_cost', 'VALUE_INTERPRETED', costForm.note));
    }
    if (cost.cents > SHIPPING_COST_WARNING_CENTS) {
      warnings.push(warning('shipping_cost', 'SHIPPING_COST_HIGH', WARNING_MESSAGES.SHIPPING_COST_HIGH));
    }
  }

  const result: RowResult = { valid: errors.length === 0, errors, warnings };
  if (suggestedCarrier !== undefined) result.suggestedCarrier = suggestedCarrier;
  if (
    result.valid &&
    orderId !== undefined &&
    trackingNumber !== undefined &&
    carrier !== undefined &&
    carrierRaw !== undefined &&
    shipDate.ok &&
    cost.ok
  ) {
    result.value = {
      orderId,
      displayId: displayIdFor(orderId),
      trackingNumber,
      carrier,
      carrierRaw,
      shipDate: shipDate.date,
      shipDateIso: shipDate.iso,
      shippingCostCents: cost.cents,
    };
  }
  return result;
}
