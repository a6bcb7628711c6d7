// TypeScript types from an OpenAPI 3 document, for the constructs @nestjs/swagger writes: objects with
// required and optional properties, arrays, enums, $ref, nullable, oneOf / allOf, additionalProperties.
// The output is declaration files, one per module (the operations' tag): each declares the schemas only
// that module's routes use and those routes (per route and method: the JSON body it takes and the one it
// answers with); the schemas more than one module uses sit in `shared`. The entry point joins them into
// `components['schemas']` and `paths`, so that every type is imported from the one entry as before.

const refName = (ref) => ref.split('/').pop();
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const pascal = (name) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The file of the schemas several modules use. */
export const SHARED = 'shared';

function typeOf(schema) {
  if (!schema) return 'unknown';
  if (schema.$ref) return `components['schemas'][${JSON.stringify(refName(schema.$ref))}]`;
  let t;
  if (schema.oneOf || schema.anyOf) t = (schema.oneOf ?? schema.anyOf).map(typeOf).join(' | ');
  else if (schema.allOf) t = schema.allOf.map(typeOf).join(' & ');
  else if (schema.enum) t = schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  else if (schema.type === 'string') t = schema.format === 'binary' ? 'Blob' : 'string';
  else if (schema.type === 'number' || schema.type === 'integer') t = 'number';
  else if (schema.type === 'boolean') t = 'boolean';
  else if (schema.type === 'array') {
    const item = typeOf(schema.items);
    t = /[|&\s]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  } else if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    t = objectOf(schema);
  } else t = 'unknown';
  return schema.nullable ? `${t} | null` : t;
}

function objectOf(schema) {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const doc = prop.description ? `/** ${prop.description.replace(/\*\//g, '* /')} */\n` : '';
    return `${doc}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(prop)};`;
  });
  const extra = schema.additionalProperties;
  if (extra && fields.length === 0) return `Record<string, ${extra === true ? 'unknown' : typeOf(extra)}>`;
  if (extra) fields.push(`[key: string]: ${extra === true ? 'unknown' : typeOf(extra)};`);
  return fields.length ? `{\n${fields.join('\n')}\n}` : 'Record<string, never>';
}

function jsonBody(content) {
  const media = content?.['application/json'] ?? content?.['multipart/form-data'];
  return media ? typeOf(media.schema) : null;
}

/** The schema names a part of the document refers to, directly. */
function refsIn(node, into = new Set()) {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, into));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.add(refName(v));
      else refsIn(v, into);
    }
  }
  return into;
}

const tagOf = (op) => op.tags?.[0] ?? 'untagged';

/** Each schema's module: the one module whose routes reach it, else `shared`. */
function ownersOf(document) {
  const schemas = document.components?.schemas ?? {};
  const users = new Map(Object.keys(schemas).map((name) => [name, new Set()]));
  for (const ops of Object.values(document.paths)) {
    for (const op of Object.values(ops)) {
      const tag = tagOf(op);
      const queue = [...refsIn(op)];
      const seen = new Set();
      while (queue.length) {
        const name = queue.pop();
        if (seen.has(name)) continue;
        seen.add(name);
        users.get(name)?.add(tag);
        queue.push(...refsIn(schemas[name]));
      }
    }
  }
  return new Map([...users].map(([name, tags]) => [name, tags.size === 1 ? [...tags][0] : SHARED]));
}

const HEADER = (source) => [
  `// Generated from ${source} by \`npm run openapi\` (scripts/openapi.mjs): do not edit by hand.`,
  `// Change the backend's DTOs, then run \`npm run openapi\`.`,
  '',
];

/**
 * The declaration files for a document: `[name, text]` pairs, the entry point (`entry`, e.g. `schema`)
 * first, then `<entry>/<module>.d.ts` per module. `source` names the document in the header.
 */
export function typeFilesOf(document, source, entry) {
  const owners = ownersOf(document);
  const modules = new Map();
  const moduleOf = (tag) => {
    if (!modules.has(tag)) modules.set(tag, { schemas: [], paths: [] });
    return modules.get(tag);
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    moduleOf(owners.get(name)).schemas.push(`${key(name)}: ${typeOf(schema)};`);
  }
  for (const [path, ops] of Object.entries(document.paths)) {
    const methods = Object.entries(ops).map(([method, op]) => {
      const ok = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code));
      const response = ok ? (jsonBody(ok[1].content) ?? 'void') : 'void';
      const body = jsonBody(op.requestBody?.content);
      return `${method}: { response: ${response}${body ? `; body: ${body}` : ''} };`;
    });
    moduleOf(tagOf(Object.values(ops)[0])).paths.push(
      `${JSON.stringify(path)}: {\n${methods.join('\n')}\n};`,
    );
  }
  const names = [...modules.keys()].sort((a, b) => (a === SHARED) - (b === SHARED) || a.localeCompare(b));
  const files = names.map((tag) => {
    const { schemas, paths } = modules.get(tag);
    const usesComponents = [...schemas, ...paths].some((t) => t.includes("components['schemas']"));
    const text = [
      ...HEADER(source),
      ...(usesComponents ? [`import type { components } from '../${entry}';`, ''] : []),
      tag === SHARED
        ? '/** The schemas several modules use. */'
        : `/** The schemas only the \`${tag}\` routes use. */`,
      `export interface ${pascal(tag)}Schemas {\n${schemas.join('\n')}\n}`,
      '',
      `/** The \`${tag}\` routes. */`,
      `export interface ${pascal(tag)}Paths {\n${paths.join('\n')}\n}`,
      '',
    ];
    if (!paths.length) text.splice(-4, 3); // `shared` holds schemas only
    return [`${entry}/${tag}.d.ts`, text.join('\n')];
  });
  const withPaths = names.filter((tag) => modules.get(tag).paths.length);
  const index = [
    ...HEADER(source),
    '// The API types, one file per module in ./schema/; import them from here.',
    '',
    ...names.map((tag) => {
      const parts = [`${pascal(tag)}Schemas`, ...(withPaths.includes(tag) ? [`${pascal(tag)}Paths`] : [])];
      return `import type { ${parts.join(', ')} } from './${entry}/${tag}';`;
    }),
    '',
    `/** Every schema of the API, by name. */`,
    `export interface Schemas extends ${names.map((t) => `${pascal(t)}Schemas`).join(', ')} {}`,
    '',
    `export interface components {\nschemas: Schemas;\n}`,
    '',
    `/** Every route of the API, by path. */`,
    `export interface paths extends ${withPaths.map((t) => `${pascal(t)}Paths`).join(', ')} {}`,
    '',
    `/** A schema of the API by name. */`,
    `export type Schema<N extends keyof components['schemas']> = components['schemas'][N];`,
    '',
    `/** What a route answers, by path and method. */`,
    `export type ResponseOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {`,
    `  response: infer R;`,
    `}`,
    `  ? R`,
    `  : never;`,
    '',
  ];
  return [[`${entry}.d.ts`, index.join('\n')], ...files];
}
