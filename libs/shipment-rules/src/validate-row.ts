import { SHIPPING_COST_WARNING_CENTS } from './constants.js';
import {
  carrierCodeFor,
  carrierFamily,
  carrierLabel,
  isRecognisedCarrier,
  normalizeCarrier,
  type CarrierCode,
} from './carriers.js';
import { isMoreThanOneDayAhead, isMoreThanOneYearOld, parseShipDate } from './dates.js';
import { normalizedCells, type CsvRecord } from './headers.js';
import {
  WARNING_MESSAGES,
  carrierMismatchMessage,
  carrierNotRecognisedMessage,
  scientificNotationMessage,
  specError,
  type RowErrorCode,
  type RowIssue,
  type RowWarningCode,
} from './messages.js';
import { parseShippingCost } from './money.js';
import { displayIdFor, isOrderIdLongEnough, normalizeOrderId } from './order-id.js';
import {
  detectCarrier,
  detectCarriers,
  isDetectableCarrier,
  isScientificNotation,
  matchesCarrierFormat,
  normalizeTrackingNumber,
} from './tracking.js';

/** A valid row, ready to be stored and sent to Faire. */
export interface NormalizedShipmentRow {
  /** Lowercase with the `bo_` prefix: 'bo_abc12345de'. */
  orderId: string;
  /** '#ABC12345DE'. */
  displayId: string;
  /** Trimmed, inner spaces removed, uppercased. */
  trackingNumber: string;
  /** Faire's carrier value ('UPS', 'FEDEX', ...), 'ONTRAC'/'LASERSHIP', or the trimmed original text. */
  carrier: string;
  /** The carrier cell as typed, trimmed. */
  carrierRaw: string;
  /** Calendar date 'YYYY-MM-DD'. */
  shipDate: string;
  /** The ship date at UTC midnight, '2026-11-20T00:00:00.000Z'. */
  shipDateIso: string;
  shippingCostCents: number;
}

export interface RowResult {
  /** True when there are no errors (warnings do not block). */
  valid: boolean;
  errors: Array<RowIssue<RowErrorCode>>;
  warnings: Array<RowIssue<RowWarningCode>>;
  /** Present exactly when `valid`. */
  value?: NormalizedShipmentRow;
  /**
   * The carrier the tracking number's check digit points to, when the carrier cell is missing, empty
   * or not a known carrier, and exactly one carrier matches. The UI can offer it; the row stays as is.
   */
  suggestedCarrier?: CarrierCode;
}

export interface ValidateRowOptions {
  /** The moment ship-date warnings are measured from; defaults to the current time. */
  now?: Date;
}

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
export function validateRow(record: CsvRecord, opts: ValidateRowOptions = {}): RowResult {
  const now = opts.now ?? new Date();
  const cells = normalizedCells(record);
  const errors: Array<RowIssue<RowErrorCode>> = [];
  const warnings: Array<RowIssue<RowWarningCode>> = [];

  const rawOrderId = cells.get('order_id');
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

  const shipDate = parseShipDate(cells.get('ship_date'));
  if (!shipDate.ok) {
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

  const cost = parseShippingCost(cells.get('shipping_cost'));
  if (!cost.ok) {
    const code =
      cost.reason === 'missing'
        ? 'MISSING_SHIPPING_COST'
        : cost.reason === 'negative'
          ? 'NEGATIVE_SHIPPING_COST'
          : 'INVALID_SHIPPING_COST';
    errors.push(specError('shipping_cost', code));
  } else if (cost.cents > SHIPPING_COST_WARNING_CENTS) {
    warnings.push(warning('shipping_cost', 'SHIPPING_COST_HIGH', WARNING_MESSAGES.SHIPPING_COST_HIGH));
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
