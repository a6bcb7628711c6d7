export {
  KNOWN_CARRIERS,
  MAPPABLE_FIELDS,
  MAX_FILE_BYTES,
  ORDER_ID_MIN_LENGTH,
  REQUIRED_COLUMNS,
  SAMPLE_CSV,
  SHIPPING_COST_WARNING_CENTS,
  type MappableField,
  type ShipmentField,
} from './constants.js';
export {
  ERROR_MESSAGES,
  WARNING_MESSAGES,
  carrierMismatchMessage,
  carrierNotRecognisedMessage,
  duplicateRowMessage,
  scientificNotationMessage,
  type RowErrorCode,
  type RowIssue,
  type RowWarningCode,
  type SpecErrorCode,
} from './messages.js';
export {
  applyColumnMapping,
  costColumnNote,
  costNameKey,
  findCostColumn,
  findMissingColumns,
  withCostColumn,
  isShipmentField,
  normalizeHeader,
  type ColumnMapping,
  type CsvRecord,
} from './headers.js';
export {
  canonicalHeader,
  diceCoefficient,
  headerSimilarity,
  selectionToColumnMapping,
  suggestMapping,
  type FieldSelection,
} from './mapping-suggest.js';
export {
  displayIdFor,
  isOrderIdLongEnough,
  normalizeOrderId,
  orderIdBody,
  reviewDisplayId,
} from './order-id.js';
export { formatCents, formatCentsOrDash, parseShippingCost, type ShippingCostParse } from './money.js';
export {
  formatShortUsDate,
  isMoreThanOneDayAhead,
  isMoreThanOneYearOld,
  parseShipDate,
  type ShipDateParse,
} from './dates.js';
export {
  EXTRA_CARRIER_CODES,
  FAIRE_CARRIERS,
  carrierCodeFor,
  carrierLabel,
  isCarrierCode,
  isRecognisedCarrier,
  normalizeCarrier,
  type CarrierCode,
  type FaireCarrier,
} from './carriers.js';
export {
  detectCarrier,
  detectCarriers,
  isScientificNotation,
  matchesCarrierFormat,
  normalizeTrackingNumber,
} from './tracking.js';
export {
  validateRow,
  type NormalizedShipmentRow,
  type RowResult,
  type ValidateRowOptions,
} from './validate-row.js';
export {
  dedupeKey,
  isEmptyRecord,
  validateRecords,
  type ValidateRecordsOptions,
  type ValidatedRecord,
  type ValidatedRecords,
} from './validate-records.js';
export {
  decodeCsvBytes,
  decodeWindows1252,
  startsWithByteOrderMark,
  type CsvEncoding,
  type DecodedCsv,
} from './encoding.js';
export { detectDelimiter, type CsvDelimiter } from './delimiter.js';
export { checkCsvFile, type FileProblem } from './file-check.js';
export {
  COMPANY_ROLES,
  MEMBER_STATUSES,
  OPEN_ORDER_STATES,
  RETRYABLE_SHIPMENT_STATUSES,
  SHIPMENT_STATUSES,
  type CompanyRole,
  type MemberStatus,
  type OpenOrderState,
  type ShipmentStatus,
} from './api-types.js';
export {
  ECHO_CHARS,
  MAX_STORED_CENTS,
  UPLOAD_LIMITS,
  cellProblem,
  cellSafetyErrors,
  cellSafetyMessage,
  echoText,
  maxCellChars,
  safeText,
  storableRecord,
  type CellSafetyCode,
} from './cell-safety.js';
export {
  CARRIER_TRACKING_URLS,
  carrierDisplay,
  trackingUrlFor,
  type CarrierDisplay,
} from './carrier-tracking.js';
export { fingerprintHeaders, headerFingerprint, mappingFitsHeaders } from './mapping-fingerprint.js';
export { readAmountCell, readOrderIdCell, type AmountReading, type OrderIdReading } from './value-forms.js';
export {
  conflictingDateMessage,
  readShipDateCell,
  type DateReading,
  type FileDateOrder,
} from './date-forms.js';
export {
  DateOrderTally,
  dateOrderOfCell,
  dateOrderReason,
  dateOrderSummary,
  decideDateOrder,
  localeDateOrder,
  type DateOrder,
  type DateOrderDecision,
  type DateOrderExample,
  type DateOrderFallback,
} from './date-order.js';
export { STILL_SENDING_PREFIX, stillSendingText, waitInWords } from './still-sending.js';
export { validateTypedShipment, type TypedShipment } from './validate-typed.js';
export {
  REASON_COLUMN,
  byteOrderMark,
  csvLineOf,
  detectLineEnding,
  encodeCsvText,
  isReasonColumn,
  mappingLookupHeaders,
  reasonColumnName,
  type FileLayout,
  type LineEnding,
} from './file-layout.js';
export {
  DEFAULT_THRESHOLDS,
  THRESHOLD_FIELDS,
  THRESHOLD_MAX_DAYS,
  THRESHOLD_MIN_DAYS,
  thresholdField,
  thresholdRuleMessage,
  type ThresholdField,
  type ThresholdKey,
  type Thresholds,
} from './late-thresholds.js';
