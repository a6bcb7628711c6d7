/** The shapes of the source connections and their held labels, as `GET /api/integrations...` answers them. */
import type { Schema } from '../api/schema';

/** A kind of source a company can connect (`available` lists the ones it can). */
export type SourceKind = 'SHIPSTATION' | (string & {});
/** DISCONNECTED: the source said it is gone (Shopify: the app was uninstalled); connecting again resumes it. */
export type ConnectionStatus = 'CONNECTED' | 'FAILING' | 'PAUSED' | 'DISCONNECTED';
/** Send each label automatically, or hold everything for an admin's review. */
export type IntakeMode = 'AUTO' | 'REVIEW';

/** Something a person must know about a connection, e.g. a label voided after it reached Faire. */
export interface SourceAlert {
  /** The label it is about (dismissed like a held label). */
  labelId: string;
  kind: string;
  text: string;
  /** The Faire order it is about, when there is one, and its page on Faire. */
  orderId: string | null;
  displayId: string | null;
  orderUrl: string | null;
  trackingNumber: string;
  at: string | null;
}

export interface SourceConnection {
  id: string;
  kind: SourceKind;
  /** The source's name in words ("ShipStation"). */
  name?: string;
  status: ConnectionStatus;
  /** Why it is failing, in words; null when it is not. */
  statusReason: string | null;
  lastSyncAt: string | null;
  mode: IntakeMode;
  /** Accept a NEW Faire order when a label is printed for it (else the label waits). */
  acceptNewOrders: boolean;
  /** Labels sent to Faire today from this connection. */
  sentToday: number;
  alerts: SourceAlert[];
  /** The currency the source's costs are in. */
  currency?: string;
  connectedAt?: string | null;
  /** Whether the caller may change it (the server's answer; the screens ask `canAccess`). */
  canManage?: boolean;
  /** How a row's cost is found when the source gives none (Shopify never does). */
  costRule?: CostRule;
}

/** A connection's cost rule as stored (amounts in minor units of the connection's currency). */
export type CostRule =
  | { kind: 'LABEL' }
  | { kind: 'LABEL_OR_FLAT'; flatCents: number }
  | { kind: 'FLAT'; flatCents: number }
  | { kind: 'PER_CARRIER'; carrierCents: Record<string, number>; otherCents: number | null }
  | { kind: 'SHARE'; basisPoints: number; minCents: number };

export type CostRuleKind = CostRule['kind'];

/** A cost rule as `PATCH /api/integrations/:id` takes it (a share in percent): the generated contract. */
export type CostRuleInput = Schema<'CostRuleDto'>;

export interface IntegrationsView {
  connections: SourceConnection[];
  available: SourceKind[];
}

export interface ConnectionPatch {
  paused?: boolean;
  mode?: IntakeMode;
  acceptNewOrders?: boolean;
  costRule?: CostRuleInput;
}

/** Why a label waits in "Needs attention". */
export type AttentionReason =
  | 'NO_MATCH'
  | 'AMBIGUOUS'
  | 'NO_COST'
  | 'CURRENCY_MISMATCH'
  | 'NEW_ORDER'
  | 'UNKNOWN_CARRIER'
  | 'REVIEW'
  | 'INVALID'
  | 'NO_FAIRE'
  | 'VOIDED_AFTER_SEND'
  | (string & {});

export interface AttentionCandidate {
  orderId: string;
  displayId: string;
}

/**
 * A label waiting for a person (`HELD`), or an alert about one already sent (`ALERT`, e.g. voided after
 * it reached Faire), with the reason in words and what is known of it.
 */
export interface AttentionItem {
  id: string;
  connectionId: string;
  kind: 'HELD' | 'ALERT';
  /** The source it came from (`SHIPSTATION`). */
  source: SourceKind;
  reason: AttentionReason | null;
  reasonText: string | null;
  /** What the label says about its order (order number, custom field, order key). */
  sourceRef: string | null;
  externalId?: string;
  trackingNumber: string;
  carrier: string | null;
  /** Minor units of `currency`; null when the source gave none. */
  cost: number | null;
  currency: string;
  candidates: AttentionCandidate[];
  /** The matched order's page on Faire, when there is one. */
  orderUrl?: string | null;
  createdAt: string;
}

/** What sending held labels did; labels still lacking something stay held, with the reason. */
export interface SendHeldResult {
  sent: number;
  held?: number;
  dropped?: number;
  stillHeld?: Array<{ id: string; reasonText: string }>;
}

export interface SendHeldInput {
  ids: string[];
  /** The Faire order picked for one label. */
  orderId?: string;
  /** Minor units set for one label. */
  cost?: number;
}
