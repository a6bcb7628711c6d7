/** The shapes of the source connections and their held labels, as `GET /api/integrations...` answers them. */

/** A kind of source a company can connect (`available` lists the ones it still can). */
export type SourceKind = 'SHIPSTATION' | (string & {});
export type ConnectionStatus = 'CONNECTED' | 'FAILING' | 'PAUSED';
/** Send each label automatically, or hold everything for an admin's review. */
export type IntakeMode = 'AUTO' | 'REVIEW';

/** Something a person must know about a connection, e.g. a label voided after it reached Faire. */
export interface SourceAlert {
  id: string;
  kind?: string;
  message: string;
  /** The Faire order it is about, when there is one (a link to it). */
  orderId?: string | null;
  displayId?: string | null;
  createdAt?: string;
}

export interface SourceConnection {
  id: string;
  kind: SourceKind;
  status: ConnectionStatus;
  /** Why it is failing, in words; null when it is not. */
  statusReason: string | null;
  lastSyncAt: string | null;
  mode: IntakeMode;
  /** Accept a NEW Faire order when a label is printed for it (else the label waits). */
  acceptNewOrders?: boolean;
  /** Labels sent to Faire today from this connection. */
  sentToday: number;
  alerts: SourceAlert[];
  connectedAt?: string | null;
}

export interface IntegrationsView {
  connections: SourceConnection[];
  available: SourceKind[];
}

export interface ConnectionPatch {
  paused?: boolean;
  mode?: IntakeMode;
  acceptNewOrders?: boolean;
}

/** Why a label waits in "Needs attention". */
export type AttentionReason =
  | 'UNMATCHED'
  | 'AMBIGUOUS'
  | 'NO_COST'
  | 'CURRENCY_MISMATCH'
  | 'NEW_ORDER'
  | 'VOIDED_AFTER_SEND'
  | (string & {});

export interface AttentionCandidate {
  orderId: string;
  displayId: string;
}

/** A label held for an admin: the reason in words and what is known of it. */
export interface AttentionItem {
  id: string;
  connectionId: string;
  kind: SourceKind;
  reason: AttentionReason;
  reasonText: string;
  sourceRef: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  /** Integer cents, when known. */
  cost: number | null;
  currency: string | null;
  candidates: AttentionCandidate[];
  createdAt: string;
}

export interface SendHeldInput {
  ids: string[];
  /** The Faire order picked for one label. */
  orderId?: string;
  /** Integer cents set for one label. */
  cost?: number;
}
