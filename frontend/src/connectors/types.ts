/** What the portal knows of one source connector (decision 0067): its words, its forms, its calls. */
import type { ComponentType } from 'react';
import type { Schema } from '../api/schema';

/** A connection as `GET /api/integrations` answers it, as far as a connector's code reads it. */
export type ConnectorConnection = Pick<Schema<'SourceConnectionView'>, 'kind' | 'status'>;

/** What a connector's connect form is given (connecting, connecting again, replacing its access). */
export interface ConnectFormProps {
  onCancel: () => void;
  /** Called when the source is connected here; a source approved elsewhere (Shopify) leaves the page. */
  onConnected: () => void;
  /** A disconnected connection connected again: it resumes with its settings. */
  again?: boolean;
}

/** What a source's return to Settings says (`?integration=...&outcome=...`), shown once above the list. */
export interface ConnectReturn {
  severity: 'success' | 'error';
  text: string;
}

/** How a source's items and events are called, as every screen says them. */
export interface ConnectorWords {
  /** One item: "label", "fulfilment". */
  row: string;
  /** Several: "labels", "fulfilments". */
  rows: string;
  /** When an item arrives: "a label is printed", "a fulfilment is made". */
  arrives: string;
  /** What taking an item back is called at the source: "voided", "cancelled". */
  undone: string;
  /** The disconnect dialog's first sentence: what stops, and what stored access is deleted. */
  disconnect: (name: string) => string;
}

/** A source's action to replace its access in place (labels, settings and history stay). */
export interface ReplaceAccess {
  /** The button: "Update key", "Connect again". */
  label: string;
  /** Whether the button is offered for the connection as it is. */
  offered: (connection: ConnectorConnection) => boolean;
}

/**
 * One connector's part of the portal. Shared screens (the integrations card, the settings, Needs
 * attention, the waiting items, the source tags) read a source only through this.
 */
export interface SourceConnectorUi {
  kind: string;
  /** "ShipStation". */
  name: string;
  /** What the source does for the company, in one line (the integrations list). */
  blurb: string;
  words: ConnectorWords;
  /**
   * Whether its items carry their own cost (ShipStation's labels). One that has none (Shopify's
   * fulfilments) needs a cost rule, and has no "$0 cost" to decide on.
   */
  hasOwnCost: boolean;
  /** The form that connects it (also to connect again, and to replace its access). */
  ConnectForm?: ComponentType<ConnectFormProps>;
  replace?: ReplaceAccess;
  /** A part of the connection's card of its own (ShipStation's store mode), under the shared settings. */
  Section?: ComponentType<{ connection: Pick<Schema<'SourceConnectionView'>, 'store'>; canManage: boolean }>;
  /** What the page's address says when the source sent the admin back to Settings. */
  connectReturn?: (search: string) => ConnectReturn | null;
  /** Its calls, joined into the data provider (decision 0053). */
  actions: Record<string, (...args: never[]) => Promise<unknown>>;
}
