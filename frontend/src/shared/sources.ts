import { connectorUi } from '../connectors/registry';

/**
 * A source kind: a connector's (connectors/registry.ts), 'API', 'EMAIL' (the mail-in address), 'SFTP'
 * (the SFTP drop), or a kind this build does not name yet.
 */
export type SourceKind = string;

/** Sources that are not connectors, in words. */
const OWN_SOURCES: Readonly<Record<string, string>> = { API: 'API', EMAIL: 'Email', SFTP: 'SFTP' };

/**
 * A source kind in words: a connector's own name ('SHIPSTATION' -> 'ShipStation', connectors/registry.ts),
 * 'API', 'Email', 'SFTP'; an unknown kind reads as its name.
 */
export function sourceName(kind: SourceKind): string {
  return OWN_SOURCES[kind] ?? connectorUi(kind).name;
}

/**
 * A source whose every upload is named by who sent it: the API, by the key's name; mail, by the sender
 * and the file ("ops@warehouse.example · daily.csv"); the SFTP drop, by the file ("daily.csv").
 */
export function namedBySender(kind: string | null | undefined): boolean {
  return kind === 'API' || kind === 'EMAIL' || kind === 'SFTP';
}

/** Where a shipment came from: a file (upload or reviewed rows) or a connected source. */
export function isFileSource(source: string | null | undefined): boolean {
  return !source || source === 'UPLOAD' || source === 'PROCESS';
}

/** Where a file's shipments come from: the History's source filter always offers both. */
export const FILE_SOURCE_CHOICES: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'UPLOAD', name: 'File upload' },
  { id: 'PROCESS', name: 'Reviewed rows' },
];

/**
 * The History's source filter: files, then every source the company has (connected or not, since its
 * shipments stay), and the one chosen even when the list of sources is not known yet.
 */
export function sourceFilterChoices(
  kinds: readonly string[],
  chosen = '',
): ReadonlyArray<{ id: string; name: string }> {
  const sources = [...new Set([...kinds, chosen].filter((k) => k && !isFileSource(k)))];
  return [...FILE_SOURCE_CHOICES, ...sources.map((id) => ({ id, name: sourceName(id) }))];
}
