import fc from 'fast-check';

/** Strings that broke the API before, or that break APIs in general. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e',
  '\u0007\u001b[31m',
  '2026-02-30',
  '2026-13-45',
  '0000-00-00',
  '9999-99-99T99:99:99Z',
  '1e300',
  '-1e300',
  '1.5',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  'COMPANY_ADMIN',
  'a'.repeat(5000),
  '😀'.repeat(50),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e300, -1e300, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 63),
  fc.double({ noNaN: true }),
  fc.integer(),
);

/** Brackets nested far deeper than any body of ours. */
function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
);

/** Any JSON value, hostile scalars at the leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }) },
  ),
})).value;

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
}

/** A body shaped like the route's schema (so validation gets past the first field) but hostile inside. */
export function bodyFor(schema: Schema | undefined, resolve: (ref: string) => Schema): fc.Arbitrary<unknown> {
  const s = schema?.$ref ? resolve(schema.$ref) : schema;
  const leaf = fc.oneof({ weight: 3, arbitrary: hostileScalar }, { weight: 1, arbitrary: hostileJson });
  if (!s) return hostileJson;
  if (s.type === 'array' && s.items) {
    return fc.oneof(fc.array(bodyFor(s.items, resolve), { maxLength: 3 }), leaf);
  }
  if (s.properties) {
    const keys = Object.keys(s.properties);
    const shaped = fc.record(
      Object.fromEntries(keys.map((k) => [k, fc.oneof(bodyFor(s.properties![k], resolve), leaf)])),
      { requiredKeys: [] },
    );
    return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson });
  }
  return leaf;
}

/** Raw JSON texts a parser chokes on or a validator recurses into. */
export const RAW_BODIES = [
  nested(3000, '[', ']'),
  nested(3000, '{"a":', '}'),
  nested(65, '[', ']'),
  '{"a":',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"email":"\\ud800@x.test","name":"\\u0000"}',
  '{"role":null,"email":null,"token":null}',
  '[' + '1,'.repeat(20000) + '1]',
];

/** Percent-encodes any string, lone surrogates included (as the bytes a broken client would send). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}
