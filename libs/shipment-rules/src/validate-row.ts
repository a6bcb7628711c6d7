import { ORDER_ID_MIN_LENGTH, SHIPPING_COST_WARNING_CENTS } from './constants.js';
import {
  carrierCodeFor,
  carrierFamily,
  carrierLabel,
  isRecognisedCarrier,
  normalizeCarrier,
  type CarrierCode,
} from './carriers.js';
import { MAX_STORED_CENTS, cellSafetyErrors, shippingCostTooLarge } from './cell-safety.js';
import { cellText, fieldKeysOf, type CsvRecord } from './headers.js';
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
import { parseShippingCost, plainAmountCents, type ShippingCostParse } from './money.js';
import { displayIdFor, isOrderIdLongEnough, normalizeOrderId } from './order-id.js';
import type { DateOrderDecision } from './date-order.js';
import { remember } from './memo.js';
import { shipDateCell } from './ship-date-cell.js';
import { readAmountCell, readOrderIdCell } from './value-forms.js';
import {
  detectCarrier,
  detectCarriersShared,
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
  /**
   * The currency the brand's costs are sent to Faire in (ISO 4217; USD when not given). A cost cell
   * naming another currency ('€ 12,50' for a USD brand) is refused.
   */
  currency?: string;
  /**
   * How the row's file writes its dates (`DateOrderTally` of the file's ship date cells): a date that
   * reads as two different days is read in that order with a note, or refused when the file writes
   * dates both ways. Without it a row is read alone: MM/DD/YYYY as the spec writes it.
   */
  dateOrder?: DateOrderDecision;
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

interface CarrierCell {
  /** `carrierCodeFor` */
  code: CarrierCode | undefined;
  /** `normalizeCarrier` */
  normalized: string;
  /** `isRecognisedCarrier` */
  recognised: boolean;
}

const carrierCells = new Map<string, CarrierCell>();

/** What the carrier functions say about a trimmed carrier cell. */
function carrierCell(carrierRaw: string): CarrierCell {
  return (
    carrierCells.get(carrierRaw) ??
    remember(carrierCells, carrierRaw, {
      code: carrierCodeFor(carrierRaw),
      normalized: normalizeCarrier(carrierRaw),
      recognised: isRecognisedCarrier(carrierRaw),
    })
  );
}

/** `parseShippingCost`, without its regular expression for plain amounts such as '12.50'. */
function shippingCost(raw: string | undefined): ShippingCostParse {
  const cents = raw === undefined ? undefined : plainAmountCents(raw);
  return cents === undefined ? parseShippingCost(raw) : { ok: true, cents };
}

/** What `normalizeOrderId` starts every id with. */
const ORDER_ID_PREFIX = 'bo_';

/** True when the text has only ASCII characters (so one UTF-16 unit is one code point). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/** A cell as `normalizedCells` gives it, from the record key `fieldKeysOf` found. */
function cellAt(record: CsvRecord, key: string | undefined): string | undefined {
  return key === undefined ? undefined : cellText(record[key]);
}

/**
 * Checks one CSV record against the shipment row rules (spec section 5).
 * Headers are compared after trimming and lowercasing. "Missing" means the cell is absent, except
 * for order_id, ship_date and shipping_cost, which the spec gives no "Empty" error for: a blank cell
 * there is "Missing" too. tracking_number and carrier tell absent ("Missing") from blank ("Empty").
 */
export function validateRow(record: CsvRecord, opts: ValidateRowOptions = {}): RowResult {
  const now = opts.now ?? new Date();
  const keys = fieldKeysOf(record);
  const unsafe = cellSafetyErrors(record, keys);
  if (unsafe.length > 0) return { valid: false, errors: unsafe, warnings: [] };
  const errors: Array<RowIssue<RowErrorCode>> = [];
  const warnings: Array<RowIssue<RowWarningCode>> = [];

  const orderCell = cellAt(record, keys.order_id);
  const orderForm = orderCell === undefined ? undefined : readOrderIdCell(orderCell);
  const rawOrderId = orderForm ? orderForm.text : orderCell;
  if (orderForm?.note) warnings.push(warning('order_id', 'VALUE_INTERPRETED', orderForm.note));
  let orderId: string | undefined;
  let orderIdIsAscii = false;
  if (isBlank(rawOrderId)) {
    errors.push(specError('order_id', 'MISSING_ORDER_ID'));
  } else {
    orderId = normalizeOrderId(rawOrderId);
    orderIdIsAscii = isAscii(orderId);
    // An ASCII id is normalised already, and its id part is as many code points long as it has characters.
    const longEnough = orderIdIsAscii
      ? orderId.length - ORDER_ID_PREFIX.length >= ORDER_ID_MIN_LENGTH
      : isOrderIdLongEnough(orderId);
    if (!longEnough) errors.push(specError('order_id', 'ORDER_ID_TOO_SHORT'));
  }

  const rawTracking = cellAt(record, keys.tracking_number);
  let trackingNumber: string | undefined;
  if (rawTracking === undefined) {
    errors.push(specError('tracking_number', 'MISSING_TRACKING_NUMBER'));
  } else {
    const normalized = normalizeTrackingNumber(rawTracking);
    if (normalized.length === 0) {
      errors.push(specError('tracking_number', 'EMPTY_TRACKING_NUMBER'));
    } else if (isScientificNotation(rawTracking)) {
      errors.push({
        field: 'tracking_number',
        code: 'TRACKING_SCIENTIFIC_NOTATION',
        message: scientificNotationMessage(rawTracking.trim()),
      });
    } else {
      trackingNumber = normalized;
    }
  }

  const rawCarrier = cellAt(record, keys.carrier);
  let carrier: string | undefined;
  let carrierRaw: string | undefined;
  let namedCode: CarrierCode | undefined;
  if (rawCarrier === undefined) {
    errors.push(specError('carrier', 'MISSING_CARRIER'));
  } else if (rawCarrier.trim().length === 0) {
    errors.push(specError('carrier', 'EMPTY_CARRIER'));
  } else {
    carrierRaw = rawCarrier.trim();
    const named = carrierCell(carrierRaw);
    carrier = named.normalized;
    namedCode = named.code;
    if (!named.recognised) {
      warnings.push(warning('carrier', 'CARRIER_NOT_RECOGNISED', carrierNotRecognisedMessage(carrierRaw)));
    }
  }

  let suggestedCarrier: CarrierCode | undefined;
  if (trackingNumber !== undefined) {
    if (namedCode === undefined) {
      suggestedCarrier = detectCarrier(trackingNumber);
    } else {
      const detected = detectCarriersShared(trackingNumber);
      const family = carrierFamily(namedCode);
      const confirmed = detected.some((code) => carrierFamily(code) === family);
      const formatCode = FORMAT_WARNING[namedCode];
      if (
        formatCode !== undefined &&
        !confirmed &&
        matchesCarrierFormat(namedCode, trackingNumber) === false
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

  const dateCell = shipDateCell(cellAt(record, keys.ship_date), now, opts.dateOrder);
  const shipDate = dateCell.parsed;
  if (dateCell.ambiguous !== undefined) {
    errors.push({ field: 'ship_date', code: 'AMBIGUOUS_SHIP_DATE', message: dateCell.ambiguous });
  } else if (!shipDate.ok) {
    errors.push(
      specError(
        'ship_date',
        shipDate.reason === 'missing' ? 'MISSING_SHIP_DATE' : 'INVALID_SHIP_DATE_FORMAT',
      ),
    );
  } else {
    if (dateCell.note !== undefined) warnings.push(warning('ship_date', 'VALUE_INTERPRETED', dateCell.note));
    if (dateCell.warning !== undefined) {
      const code = dateCell.warning;
      warnings.push(warning('ship_date', code, WARNING_MESSAGES[code]));
    }
  }

  const costCell = cellAt(record, keys.shipping_cost);
  // A plain amount ('12.50') is the common case and is read as written; other cells may be a form
  // people paste (value-forms.ts).
  const costForm =
    costCell === undefined || plainAmountCents(costCell) !== undefined
      ? undefined
      : readAmountCell(costCell, opts.currency);
  const cost = shippingCost(costForm?.kind === 'read' ? costForm.text : costCell);
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

  if (cost.ok && cost.cents > MAX_STORED_CENTS) errors.push(shippingCostTooLarge());
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
      displayId: orderIdIsAscii
        ? `#${orderId.slice(ORDER_ID_PREFIX.length).toUpperCase()}`
        : displayIdFor(orderId),
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
