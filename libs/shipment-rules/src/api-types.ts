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

/** The statuses of a shipment (spec section 4), in the order the history's Status filter offers them. */
export const SHIPMENT_STATUSES = [
  'SUCCESS',
  'PENDING',
  'ORDER_NOT_FOUND',
  'ORDER_STATUS_INCORRECT',
  'FAILED',
] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The statuses the Retry action is offered for (spec section 4). */
export const RETRYABLE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  'FAILED',
  'ORDER_NOT_FOUND',
  'ORDER_STATUS_INCORRECT',
];

/** A member's role in a company; only COMPANY_ADMIN manages the team and the thresholds. */
export const COMPANY_ROLES = ['COMPANY_ADMIN', 'COMPANY_USER'] as const;

export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** A membership's status (spec section 4). */
export const MEMBER_STATUSES = ['ACTIVE', 'INVITED', 'PENDING'] as const;

export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** One page of a list as the API answers it (`GET /api/team/activity`, `GET /api/shipments/uploads`). */
export interface PageView<T> {
  items: T[];
  total: number;
}

/** One entry of the activity log (`GET /api/team/activity`, `GET /api/admin/activity`). */
export interface ActivityItem {
  id: string;
  timestamp: string;
  userId: string | null;
  actorEmail: string | null;
  isAdmin: boolean;
  /** The actor's role in the company when it happened; null for entries from before it was kept. */
  actorRole?: CompanyRole | null;
  companyId: string | null;
  companyName: string | null;
  action: string;
  target: string | null;
  details?: Record<string, unknown>;
}
