import { relativeAge } from '../shared/relativeAge';
import { sourceName } from '../shared/sources';
import type { ConnectionStatus, IntakeMode, SourceKind } from './types';

export { SOURCE_FILTER_CHOICES, isFileSource, sourceName } from '../shared/sources';

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

/** What one row of a source is called: a Shopify fulfilment, a ShipStation label. */
export function rowWord(kind: SourceKind | null | undefined, n = 1): string {
  const one = kind === 'SHOPIFY' ? 'fulfilment' : 'label';
  return n === 1 ? one : `${one}s`;
}

/** What n rows from these sources are called: "fulfilments", "labels", "labels and fulfilments". */
export function rowsWord(n: number, kinds: ReadonlyArray<SourceKind | null | undefined> = []): string {
  const shopify = kinds.filter((k) => k === 'SHOPIFY').length;
  if (kinds.length > 0 && shopify === kinds.length) return rowWord('SHOPIFY', n);
  return shopify > 0 && n !== 1 ? 'labels and fulfilments' : rowWord(undefined, n);
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
  VOIDED_AFTER_SEND: 'Voided after sending',
};

export function reasonLabel(reason: string | null): string {
  if (!reason) return 'Needs a look';
  return REASON_LABELS[reason] ?? sourceName(reason);
}

/** A held label can be sent; an alert (a label voided after it reached Faire) is only dismissed. */
export function canSend(item: { kind: string; reason: string | null }): boolean {
  return item.kind !== 'ALERT' && item.reason !== 'VOIDED_AFTER_SEND';
}
