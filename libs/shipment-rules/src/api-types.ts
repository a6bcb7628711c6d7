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

/** The states of an open order, in the order the order screens group them (spec section 2). */
export const OPEN_ORDER_STATES = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'] as const;

export type OpenOrderState = (typeof OPEN_ORDER_STATES)[number];

/** One open order as `GET /api/orders` answers it and the order screens show it. */
export interface OrderView<State extends string = OpenOrderState> {
  id: string;
  faireOrderId: string;
  displayId: string;
  state: State;
  isProblem: boolean;
  problemReason: string | null;
  estimatedPayoutAt: string | null;
  /** Faire pays this order out: it is in transit and Faire gave a payout date (pre-transit orders never are). */
  payoutExpected: boolean;
  /** Past its expected ship date with no carrier scan yet: Faire will count the shipment late. */
  pastExpectedShipDate: boolean;
  createdAt: string;
  customerName: string | null;
  totalCents: number | null;
  expectedShipDate: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  shipmentCreatedAt: string | null;
  fetchedAt: string;
  marketplaceUrl: string;
}
