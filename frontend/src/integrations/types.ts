/** The shapes of the source connections and their held labels, as `GET /api/integrations...` answers them. */
import type { Schema } from '../api/schema';

/** A kind of source a company can connect (`available` lists the ones it can). */
export type { SourceKind } from '../shared/sources';
/** DISCONNECTED: the source said it is gone (Shopify: the app was uninstalled); connecting again resumes it. */
export type ConnectionStatus = Schema<'SourceConnectionView'>['status'];
/** Send each label automatically, or hold everything for an admin's review. */
export type IntakeMode = Schema<'SourceConnectionView'>['mode'];

/** Something a person must know about a connection, e.g. a label voided after it reached Faire. */
export type SourceAlert = Schema<'ConnectionAlertView'>;

/**
 * A source connection as `GET /api/integrations` answers it (docs/openapi.json), its cost rule read as
 * the union below (the contract gives one object with every rule's optional fields).
 */
export type SourceConnection = Omit<Schema<'SourceConnectionView'>, 'costRule'> & { costRule?: CostRule };

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

export type IntegrationsView = Omit<Schema<'SourceConnectionsView'>, 'connections'> & {
  connections: SourceConnection[];
};

/** What `PATCH /api/integrations/:id` takes. */
export type ConnectionPatch = Schema<'PatchConnectionDto'>;

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
  | 'BEFORE_CONNECT'
  | 'ORDER_CLOSED'
  | (string & {});

export type AttentionCandidate = Schema<'CandidateView'>;

/**
 * A label waiting for a person (`HELD`), or an alert about one already sent (`ALERT`, e.g. voided after
 * it reached Faire), with the reason in words and what is known of it.
 */
export type AttentionItem = Schema<'AttentionItemView'>;

/** What sending held labels did; labels still lacking something stay held, with the reason. */
export type SendHeldResult = Schema<'SendOutcomeView'>;

/** What sending items did, counted per outcome ("Send to Faire" in Needs attention, "Send now" in History). */
export type SendOutcome = Schema<'ReleaseOutcomeView'>;

/** Today's items of a connection by state, and when the next waiting one is decided. */
export type ReceivedToday = Schema<'ReceivedTodayView'>;

/**
 * A label or fulfilment in its grace period: shown at once, decided (and sent, when nothing holds it)
 * at `sendAt`, unless a person sends it now or chooses not to send it.
 */
export type WaitingItem = Schema<'WaitingItemView'>;

/** The held labels to send; one label may be given its Faire order and its cost (minor units). */
export type SendHeldInput = Schema<'SendLabelsDto'>;
