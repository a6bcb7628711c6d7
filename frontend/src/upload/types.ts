import type { Schema } from '../api/schema';
import type {
  CsvDelimiter,
  CsvEncoding,
  DateOrderDecision,
  LineEnding,
  ShipmentField,
} from '@portal/shipment-rules';

/**
 * One CSV row as the review modal and the upload results show it (spec section 3, "CSV row"): the row
 * of the upload answer's preview (the contract's `UploadPreviewRowView`: the cells as typed for invalid
 * rows, normalised text for valid ones; `ship_date` 'YYYY-MM-DD' when valid) and what the browser's own
 * reading adds.
 */
export type ReviewRow = Schema<'UploadPreviewRowView'> & {
  valid: boolean;
  /**
   * Valid rows: the order id as the rules read it ('Order #ABC12345DE' -> 'bo_abc12345de'). This, not
   * `order_id` as typed, is what is sent and checked.
   */
  orderId?: string;
  /**
   * How cells were read when they were not written as the template shows ('Ship date "20.11.2026" was
   * read as 20 November 2026 (day first)'): shown as text under the row's status, so the reading is seen.
   */
  notes?: string[];
  /** The carrier the tracking number points to, when the carrier cell does not name one. */
  suggestedCarrier?: string;
  /** Row number of the earlier row with the same order and tracking number. */
  duplicateOf?: number;
  /**
   * The row's cells as written, in the file's column order (a cell fixed in the review as fixed), so its
   * failed rows go back to the brand as their own file (decision 0032). Files of at most 5,000 rows.
   */
  cells?: string[];
};

/** How the file was written (decision 0032), kept for files whose rows are all in the browser. */
export interface ReviewFileLayout {
  bom: boolean;
  /** The header row's cells as written. */
  header: string[];
  lineEnding: LineEnding;
  /** The column each shipment field is read from, so a fix lands in its cell. */
  fieldIndex: Partial<Record<ShipmentField, number>>;
}

/** The client-side parse summary (spec section 3). */
export interface ParseSummary {
  totalRows: number;
  validRows: number;
  invalidRows: number;
  /** 'Row N: message' for invalid rows (at most MAX_SUMMARY_ERRORS). */
  errors: string[];
  /** Headers as compared: trimmed and lowercased. */
  detectedHeaders: string[];
  requiresMapping: boolean;
}

export interface ParseResult {
  summary: ParseSummary;
  /** Normalised header -> the header as written in the file, for display. */
  headerLabels: Record<string, string>;
  /** Required columns neither in the file nor supplied by the mapping. */
  missingColumns: ShipmentField[];
  /** Valid rows repeating an earlier row's order and tracking number. */
  duplicateRows: number;
  /** Every row when the file has at most FULL_ROWS_LIMIT rows, otherwise the first REVIEW_ROW_LIMIT. */
  rows: ReviewRow[];
  /** True when `rows` holds every row of the file. */
  allRows: boolean;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** The brand's currency the costs were read in (a cost naming another is invalid); USD when absent. */
  currency?: string;
  /** How the file's dates that read both ways were read, and why (a fixed row is read the same way). */
  dateOrder: DateOrderDecision;
  /** Lines about the whole file, shown above the rows: the date order, the column read as the cost. */
  notes: string[];
  /** How the file was written, when every row is in the browser. */
  layout?: ReviewFileLayout;
}

/** What `POST /api/shipments/upload` answers (Reading A). */
export type UploadResult = Schema<'UploadAnswerView'>;

/** The body of `POST /api/shipments/process` (Reading B). */
export type ProcessInput = Schema<'ProcessShipmentsDto'>;

/** One item of `POST /api/shipments/process`. */
export type ProcessItem = Schema<'ProcessItemDto'>;

/** A row the review showed with errors, in `invalidRows` of `POST /api/shipments/process`. */
export type ProcessInvalidRow = Schema<'ReviewedInvalidRowDto'>;

export type ProcessResultItem = Schema<'ProcessResultView'>;

export type ProcessResponse = Schema<'ProcessAnswerView'>;
