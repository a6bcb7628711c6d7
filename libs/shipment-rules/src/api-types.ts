/**
 * One row of the upload answer's preview (`POST /api/shipments/upload`), as the server sends it and the
 * browser shows it.
 */
export interface UploadPreviewRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  order_id: string;
  displayId: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  /** ISO ship date, for valid rows. */
  shipDate?: string;
  /** '$12.50' for valid rows; the cell as written for invalid ones. */
  shipping_cost: string;
  /** The row's error messages, for invalid rows. */
  validation?: string;
  warnings: string[];
}
