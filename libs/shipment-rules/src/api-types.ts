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
