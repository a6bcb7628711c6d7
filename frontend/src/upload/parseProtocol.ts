import type { ColumnMapping, DateOrderFallback } from '@portal/shipment-rules';
import type { ParseResult } from './types';

/** Message to the CSV parse worker. */
export interface ParseRequest {
  id: number;
  file: Blob;
  mapping?: ColumnMapping;
  /** Epoch milliseconds the ship-date warnings are measured from; the current time when absent. */
  now?: number;
  /** The brand's currency: a cost naming another ('€ 12,50' for USD) is invalid. USD when absent. */
  currency?: string;
  /** The company's remembered date order and the brand's locale. */
  dateOrder?: DateOrderFallback;
}

/** Answer of the CSV parse worker. */
export type ParseResponse =
  { id: number; ok: true; result: ParseResult } | { id: number; ok: false; message: string };
