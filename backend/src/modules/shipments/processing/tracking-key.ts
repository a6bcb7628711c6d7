/**
 * The form in which two tracking codes are compared when deciding whether a shipment is "already there"
 * on a Faire order: case, whitespace (also zero-width) and dashes do not count. Faire or a carrier may echo
 * a code re-formatted ("1z 999-aa1" comes back as "1Z999AA1"); a strict comparison would then send the
 * shipment again and create a duplicate.
 */
export function normalizeTracking(code: string): string {
  return String(code)
    .replace(/[\s\u200B-\u200D\u2060\uFEFF\-\u2010-\u2015\u2212]+/g, '')
    .toUpperCase();
}
