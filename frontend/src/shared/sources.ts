/** A source kind: 'SHIPSTATION', 'SHOPIFY', or a kind this build does not name yet. */
export type SourceKind = 'SHIPSTATION' | (string & {});

const SOURCE_NAMES: Record<string, string> = {
  SHIPSTATION: 'ShipStation',
  SHOPIFY: 'Shopify',
  API: 'API',
};

/** A source kind in words: 'SHIPSTATION' -> 'ShipStation'; an unknown kind reads as its name. */
export function sourceName(kind: SourceKind): string {
  const known = SOURCE_NAMES[kind];
  if (known) return known;
  const words = kind.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Where a shipment came from: a file (upload or reviewed rows) or a connected source. */
export function isFileSource(source: string | null | undefined): boolean {
  return !source || source === 'UPLOAD' || source === 'PROCESS';
}

/** The History's source filter: files, or each source the product knows. */
export const SOURCE_FILTER_CHOICES: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'UPLOAD', name: 'File upload' },
  { id: 'PROCESS', name: 'Reviewed rows' },
  { id: 'SHIPSTATION', name: 'ShipStation' },
];
