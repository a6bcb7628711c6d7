import { carrierLabel, normalizeCarrier } from '@portal/shipment-rules';
import { connectorUi, wordsOf } from '../connectors/registry';
import { relativeAge } from '../shared/relativeAge';
import { sourceName } from '../shared/sources';
import type { ConnectionStatus, IntakeMode, SourceKind } from './types';

export { isFileSource, sourceName } from '../shared/sources';

export const STATUS_LABELS: Record<ConnectionStatus, string> = {
  CONNECTED: 'Connected',
  FAILING: 'Failing',
  PAUSED: 'Paused',
  DISCONNECTED: 'Disconnected',
};

export const MODE_LABELS: Record<IntakeMode, string> = {
  AUTO: 'Send automatically',
  REVIEW: 'Hold for review',
};

/** "Last sync 5 minutes ago", or "Not synced yet". */
export function lastSyncText(at: string | null, now: number = Date.now()): string {
  return at && Number.isFinite(Date.parse(at)) ? `Last sync ${relativeAge(at, now)}` : 'Not synced yet';
}

/** What one row of a source is called, in its connector's words: a Shopify fulfilment, a ShipStation label. */
export function rowWord(kind: SourceKind | null | undefined, n = 1): string {
  const { words } = connectorUi(kind);
  return n === 1 ? words.row : words.rows;
}

/** What n rows from these sources are called: "fulfilments", "labels", "labels and fulfilments". */
export function rowsWord(n: number, kinds: ReadonlyArray<SourceKind | null | undefined> = []): string {
  const words = wordsOf(kinds, (w) => w.rows);
  if (words.length <= 1) return rowWord(kinds[0], n);
  return n === 1 ? rowWord(undefined, n) : words.join(' and ');
}

/** A count of rows in words: "1 fulfilment", "3 labels", "2 labels and fulfilments" when mixed. */
export function rowCount(n: number, kinds: ReadonlyArray<SourceKind | null | undefined> = []): string {
  return `${n.toLocaleString('en-US')} ${rowsWord(n, kinds)}`;
}

/** "3 labels sent today", "1 fulfilment sent today", "No labels sent today". */
export function sentTodayText(n: number, kind?: SourceKind): string {
  if (n === 0) return `No ${rowWord(kind, 2)} sent today`;
  return `${n.toLocaleString('en-US')} ${rowWord(kind, n)} sent today`;
}

/** A held label's reason, short (the chip); the item's `reasonText` says it in full. */
export const REASON_LABELS: Record<string, string> = {
  NO_MATCH: 'No matching order',
  AMBIGUOUS: 'Several matching orders',
  NO_COST: 'No cost',
  CURRENCY_MISMATCH: 'Currency mismatch',
  NEW_ORDER: 'Order still New',
  UNKNOWN_CARRIER: 'Unknown carrier',
  REVIEW: 'Held for review',
  INVALID: 'Not readable',
  NO_FAIRE: 'Faire not connected',
  BEFORE_CONNECT: 'Printed before you connected',
  ORDER_CLOSED: 'Order closed',
  VOIDED_AFTER_SEND: 'Voided after sending',
  CANCELLED_AFTER_SEND: 'Cancelled after sending',
};

/** A reason's chip in the source's words: a Shopify fulfilment is cancelled, not voided. */
export function reasonLabel(reason: string | null, source?: SourceKind | null): string {
  if (!reason) return 'Needs a look';
  if (source && reason === 'VOIDED_AFTER_SEND') return `${capitalized(undoneWord(source))} after sending`;
  return REASON_LABELS[reason] ?? sourceName(reason);
}

/** "label" -> "Label". */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A time of today as the portal's other screens say it: "11:53 PM". */
export function clockTime(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime())
    ? d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : '-';
}

/** What taking an item back is called at its source: a label is voided, a fulfilment cancelled. */
export function undoneWord(kind: SourceKind | null | undefined): string {
  return connectorUi(kind).words.undone;
}

/** The same of several sources' items: "voided", "cancelled", "voided or cancelled". */
export function undoneWords(kinds: ReadonlyArray<SourceKind | null | undefined>): string {
  return wordsOf(kinds, (w) => w.undone).join(' or ') || undoneWord(undefined);
}

/** A held label can be sent; an alert (a label voided after it reached Faire) is only dismissed. */
export function canSend(item: { kind: string; reason: string | null }): boolean {
  return (
    item.kind !== 'ALERT' && item.reason !== 'VOIDED_AFTER_SEND' && item.reason !== 'CANCELLED_AFTER_SEND'
  );
}

/** A source's carrier code in words: ShipStation's "ups" and "fedex" read as UPS and FedEx. */
export function sourceCarrier(code: string | null | undefined): string {
  return code ? carrierLabel(normalizeCarrier(code)) : 'Carrier unknown';
}
