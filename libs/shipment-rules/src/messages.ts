import type { CellSafetyCode } from './cell-safety.js';
import type { ShipmentField } from './constants.js';

/** Blocking row errors, with the spec's user-facing texts (spec section 5), word for word. */
export const ERROR_MESSAGES = {
  MISSING_ORDER_ID: 'Missing order ID',
  ORDER_ID_TOO_SHORT: 'Order ID too short',
  MISSING_TRACKING_NUMBER: 'Missing tracking number',
  EMPTY_TRACKING_NUMBER: 'Empty tracking number',
  MISSING_CARRIER: 'Missing carrier',
  EMPTY_CARRIER: 'Empty carrier',
  MISSING_SHIP_DATE: 'Missing ship date',
  INVALID_SHIP_DATE_FORMAT: 'Invalid ship date format',
  MISSING_SHIPPING_COST: 'Missing shipping cost',
  INVALID_SHIPPING_COST: 'Shipping cost must be a valid number',
  NEGATIVE_SHIPPING_COST: 'Shipping cost cannot be negative',
} as const;

export type SpecErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * Every blocking error code: the spec's eleven, spreadsheet damage of tracking numbers, ambiguous costs
 * and dates, a cost in another currency than the brand's, unsafe cells.
 */
export type RowErrorCode =
  | SpecErrorCode
  | 'TRACKING_SCIENTIFIC_NOTATION'
  | 'AMBIGUOUS_SHIPPING_COST'
  | 'AMBIGUOUS_SHIP_DATE'
  | 'CURRENCY_MISMATCH'
  | CellSafetyCode;

export type RowWarningCode =
  | 'CARRIER_NOT_RECOGNISED'
  | 'SHIP_DATE_IN_FUTURE'
  | 'SHIP_DATE_TOO_OLD'
  | 'SHIPPING_COST_HIGH'
  | 'TRACKING_FORMAT_UPS'
  | 'TRACKING_FORMAT_USPS'
  | 'TRACKING_FORMAT_FEDEX'
  | 'TRACKING_CARRIER_MISMATCH'
  | 'DUPLICATE_ROW'
  | 'VALUE_INTERPRETED';

/** Fixed warning texts. Warnings with a value in them are built by the functions below. */
export const WARNING_MESSAGES = {
  SHIP_DATE_IN_FUTURE: 'Ship date is more than 1 day in the future',
  SHIP_DATE_TOO_OLD: 'Ship date is more than 1 year old',
  SHIPPING_COST_HIGH: 'Shipping cost over $10,000 is unusually high - please verify',
  TRACKING_FORMAT_UPS: 'UPS tracking numbers are usually 1Z followed by 16 letters or digits - please verify',
  TRACKING_FORMAT_USPS:
    'USPS tracking numbers are usually 20-22 digits, or 2 letters, 9 digits and 2 letters - please verify',
  TRACKING_FORMAT_FEDEX: 'FedEx tracking numbers are usually 12-14 digits - please verify',
} as const;

export function scientificNotationMessage(rawTracking: string): string {
  return `Tracking number looks damaged by a spreadsheet (${rawTracking}): digits were lost; re-export with the column formatted as text`;
}

export function carrierNotRecognisedMessage(carrier: string): string {
  return `Carrier '${carrier}' not recognised - please verify`;
}

export function carrierMismatchMessage(detectedLabel: string, carrier: string): string {
  return `Tracking number looks like ${detectedLabel}, not '${carrier}' - please verify`;
}

export function duplicateRowMessage(firstRowNumber: number): string {
  return `Duplicate of row ${firstRowNumber}`;
}

export interface RowIssue<C extends string = RowErrorCode | RowWarningCode> {
  field: ShipmentField;
  code: C;
  message: string;
}

export function specError(field: ShipmentField, code: SpecErrorCode): RowIssue<RowErrorCode> {
  return { field, code, message: ERROR_MESSAGES[code] };
}
