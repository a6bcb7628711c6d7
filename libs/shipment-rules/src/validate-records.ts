import { DateOrderTally, type DateOrderDecision, type DateOrderFallback } from './date-order.js';
import {
  applyColumnMapping,
  cellText,
  fieldKeysOf,
  withCostColumn,
  type ColumnMapping,
  type CsvRecord,
} from './headers.js';
import { duplicateRowMessage } from './messages.js';
import {
  validateRow,
  type NormalizedShipmentRow,
  type RowResult,
  type ValidateRowOptions,
} from './validate-row.js';

export interface ValidateRecordsOptions extends ValidateRowOptions {
  /**
   * The spec's column -> field map, applied to every record before validation. A cost column under
   * another name ("Freight", `findCostColumn`) is added to it when the file has no shipping_cost.
   */
  mapping?: ColumnMapping;
  /**
   * Row number of the first record, as a spreadsheet shows it. Defaults to 2: the header is row 1.
   * Pass a later number when validating a file in chunks.
   */
  firstRowNumber?: number;
  /**
   * What decides the order of the file's ambiguous dates when none of its dates does: the company's
   * remembered order, the brand's locale (date-order.ts). Ignored when `dateOrder` is given.
   */
  dateOrderFallback?: DateOrderFallback;
}

export interface ValidatedRecord {
  /** The spreadsheet row number: the header is row 1, the first record row 2. */
  rowNumber: number;
  /** The record as the parser gave it. */
  raw: CsvRecord;
  result: RowResult;
  /** Row number of the first valid row with the same order and tracking number, when this row repeats it. */
  duplicateOf?: number;
}

export interface ValidatedRecords {
  rows: ValidatedRecord[];
  /** Records that were not fully empty. */
  totalRows: number;
  validRows: number;
  invalidRows: number;
  /** How the file's ambiguous dates were read, and why. */
  dateOrder: DateOrderDecision;
  /** The column the shipping cost was read from when the file has none named shipping_cost. */
  costColumn?: string;
}

/** Collapses the same shipment (order + tracking number) uploaded twice. */
export function dedupeKey(row: Pick<NormalizedShipmentRow, 'orderId' | 'trackingNumber'>): string {
  return `${row.orderId}|${row.trackingNumber}`;
}

/** The ship date cell of a record, under the first header that normalises to ship_date. */
function shipDateCellOf(record: CsvRecord): string | undefined {
  return cellText(record[fieldKeysOf(record).ship_date ?? '']);
}

/** True when every cell is absent or blank (a blank line in the file). */
export function isEmptyRecord(record: CsvRecord): boolean {
  return Object.values(record).every((value) => {
    const text = cellText(value);
    return text === undefined || text.trim().length === 0;
  });
}

/**
 * Validates the records of one file, in order. Parser-agnostic: give it the records fast-csv or
 * papaparse produce (header -> cell). Fully empty records are skipped but still take up a row
 * number, so numbers match the spreadsheet as long as the parser hands empty lines over (a parser
 * that drops them shifts the numbers after them). A valid row that repeats the order and tracking
 * number of an earlier valid row gets a "Duplicate of row N" warning and `duplicateOf: N`; it stays
 * valid, so callers decide whether to collapse it.
 */
export function validateRecords(
  records: Iterable<CsvRecord>,
  opts: ValidateRecordsOptions = {},
): ValidatedRecords {
  const { mapping: given, firstRowNumber = 2, dateOrderFallback, ...rowOptions } = opts;
  const list = Array.isArray(records) ? (records as readonly CsvRecord[]) : [...records];
  const { mapping, costColumn } = withCostColumn(Object.keys(list[0] ?? {}), given);
  const mapped = mapping ? list.map((raw) => applyColumnMapping(raw, mapping)) : list;
  let dateOrder = rowOptions.dateOrder;
  if (dateOrder === undefined) {
    const tally = new DateOrderTally();
    mapped.forEach((record, i) => {
      if (!isEmptyRecord(record)) tally.add(firstRowNumber + i, shipDateCellOf(record));
    });
    dateOrder = tally.decide(dateOrderFallback);
  }
  const rowOpts: ValidateRowOptions = { ...rowOptions, now: rowOptions.now ?? new Date(), dateOrder };
  const rows: ValidatedRecord[] = [];
  const firstSeen = new Map<string, number>();
  let rowNumber = firstRowNumber - 1;
  let validRows = 0;
  for (let i = 0; i < list.length; i++) {
    const raw = list[i]!;
    const record = mapped[i]!;
    rowNumber += 1;
    if (isEmptyRecord(raw)) continue;
    const result = validateRow(record, rowOpts);
    const entry: ValidatedRecord = { rowNumber, raw, result };
    if (result.value) {
      validRows += 1;
      const key = dedupeKey(result.value);
      const first = firstSeen.get(key);
      if (first === undefined) {
        firstSeen.set(key, rowNumber);
      } else {
        entry.duplicateOf = first;
        result.warnings.push({
          field: 'tracking_number',
          code: 'DUPLICATE_ROW',
          message: duplicateRowMessage(first),
        });
      }
    }
    rows.push(entry);
  }
  return {
    rows,
    totalRows: rows.length,
    validRows,
    invalidRows: rows.length - validRows,
    dateOrder,
    ...(costColumn === undefined ? {} : { costColumn }),
  };
}
