/**
 * The source connectors this build knows, by kind (decision 0067): the frontend's side of the backend's
 * `SourceConnectors`. A new connector is one folder here (its entry, its forms, its calls) and one line
 * in CONNECTORS; the shared screens read a source only through `connectorUi(kind)`. A kind the server
 * has and this build does not (a page older than the server) reads as its name in words, with a label's
 * words and no form.
 */
import { shipStation } from './shipstation';
import { shopify } from './shopify';
import type { ConnectReturn, SourceConnectorUi } from './types';

export type { ConnectFormProps, ConnectorWords, SourceConnectorUi } from './types';

/** The registration: every connector this build knows, in the order their words are joined. */
export const CONNECTORS = [shipStation, shopify] as const;

const BY_KIND: ReadonlyMap<string, SourceConnectorUi> = new Map(CONNECTORS.map((c) => [c.kind, c]));

/** The kinds this build knows. */
export const knownKinds: readonly string[] = CONNECTORS.map((c) => c.kind);

/** The connectors' names as a choice: "ShipStation or Shopify". */
export function connectorNames(): string {
  return new Intl.ListFormat('en-US', { type: 'disjunction' }).format(CONNECTORS.map((c) => c.name));
}

/** A kind in words: 'NEW_SOURCE' -> 'New source'. */
export function kindInWords(kind: string): string {
  const words = kind.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an item of a source this build does not know is called: a label, as most sources call it. */
export const FALLBACK_WORDS = {
  row: 'label',
  rows: 'labels',
  arrives: 'a label is printed',
  undone: 'voided',
  disconnect: (name: string) =>
    `Labels printed in ${name} will no longer reach Faire by themselves, and its stored access is deleted.`,
} as const;

function fallback(kind: string): SourceConnectorUi {
  const name = kindInWords(kind);
  return {
    kind,
    name,
    blurb: `Shipments from ${name} reach Faire with no file to upload.`,
    words: FALLBACK_WORDS,
    hasOwnCost: true,
    actions: {},
  };
}

/** The connector of a kind; an unknown kind (or none) gets a generic one: its name, a label's words. */
export function connectorUi(kind: string | null | undefined): SourceConnectorUi {
  return (kind ? BY_KIND.get(kind) : undefined) ?? fallback(kind ?? '');
}

/**
 * One word per kind, each once, in the registry's order (a label's words first): "labels" and
 * "fulfilments" are joined in that order whichever came first.
 */
export function wordsOf(
  kinds: ReadonlyArray<string | null | undefined>,
  pick: (words: SourceConnectorUi['words']) => string,
): string[] {
  const found = new Set(kinds.map((k) => pick(connectorUi(k).words)));
  const order = [pick(FALLBACK_WORDS), ...CONNECTORS.map((c) => pick(c.words))];
  return [...new Set([...order.filter((w) => found.has(w)), ...found])];
}

/** What the page's address says of a source that sent the admin back to Settings, with its kind. */
export function connectReturn(search: string): (ConnectReturn & { kind: string }) | null {
  for (const c of CONNECTORS as readonly SourceConnectorUi[]) {
    const said = c.connectReturn?.(search);
    if (said) return { ...said, kind: c.kind };
  }
  return null;
}
