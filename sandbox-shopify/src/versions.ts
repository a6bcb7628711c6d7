// Admin API versions as Shopify serves them. A stable version is released every quarter (January, April,
// July, October, at 17:00 UTC on the 1st) and supported for at least 12 months; the next quarter's version
// is the release candidate; `unstable` is always there. A request for a dated version that is not served
// (retired, or not yet released) is answered by the oldest supported stable version ("falls forward"),
// with `X-Shopify-API-Version` naming the version that answered; a path whose version is not a quarterly
// `YYYY-MM` or `unstable` is not an API path (404).

const QUARTER_MONTHS = [1, 4, 7, 10];
export const VERSION_PATTERN = /^(\d{4})-(\d{2})$/;

/** The first version whose WebhookSubscriptionInput and WebhookSubscription have no `callbackUrl`. */
export const URI_ONLY_FROM = '2026-07';

function releaseOf(version: string): number {
  const m = VERSION_PATTERN.exec(version)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, 1, 17);
}

function quarterAfter(version: string): string {
  const m = VERSION_PATTERN.exec(version)!;
  let year = Number(m[1]);
  let month = Number(m[2]) + 3;
  if (month > 12) {
    month -= 12;
    year += 1;
  }
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Whether `version` is a quarterly `YYYY-MM` (the only dated versions Shopify has released). */
export function isQuarterly(version: string): boolean {
  const m = VERSION_PATTERN.exec(version);
  return !!m && QUARTER_MONTHS.includes(Number(m[2]));
}

/** The stable versions supported at `nowMs`: released, and released less than 12 months ago. */
export function supportedStableVersions(nowMs: number): string[] {
  const now = new Date(nowMs);
  const out: string[] = [];
  // Start two years back on a quarter and walk forward.
  let v = `${now.getUTCFullYear() - 2}-01`;
  while (releaseOf(v) <= nowMs) {
    const release = new Date(releaseOf(v));
    const until = Date.UTC(release.getUTCFullYear() + 1, release.getUTCMonth(), 1, release.getUTCHours());
    if (until > nowMs) out.push(v);
    v = quarterAfter(v);
  }
  return out;
}

export interface ApiVersions {
  /** Supported stable versions, oldest first. */
  stable: string[];
  /** The next quarter's version, served as a release candidate. */
  releaseCandidate: string;
}

/** The versions served: `fixed` (supported stable versions) when given, else those of the clock's date. */
export function apiVersions(nowMs: number, fixed?: readonly string[]): ApiVersions {
  const stable = fixed && fixed.length > 0 ? [...fixed].sort() : supportedStableVersions(nowMs);
  return { stable, releaseCandidate: quarterAfter(stable.at(-1)!) };
}

/** Validates a list of supported versions (start option or env). */
export function parseVersionList(list: readonly string[]): string[] {
  const out = list.map((v) => v.trim()).filter(Boolean);
  const bad = out.find((v) => !isQuarterly(v));
  if (bad !== undefined || out.length === 0) {
    throw new Error(`apiVersions must be quarterly versions such as 2026-10, got "${bad ?? ''}"`);
  }
  return out;
}

/**
 * The version that answers a request for `asked`: itself when served, the oldest supported stable
 * version for any other quarterly version, null when `asked` is not a version at all (404).
 */
export function resolveVersion(asked: string, versions: ApiVersions): string | null {
  if (asked === 'unstable') return asked;
  if (!isQuarterly(asked)) return null;
  if (versions.stable.includes(asked) || asked === versions.releaseCandidate) return asked;
  return versions.stable[0]!;
}

/** Whether `version` (a served one) still accepts `callbackUrl` on webhook subscriptions. */
export function acceptsCallbackUrl(version: string): boolean {
  return version !== 'unstable' && version < URI_ONLY_FROM;
}
