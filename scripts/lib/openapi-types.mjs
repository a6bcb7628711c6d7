// TypeScript types from an OpenAPI 3 document, for the constructs @nestjs/swagger writes: objects with
// required and optional properties, arrays, enums, $ref, nullable, oneOf / allOf, additionalProperties.
// The output is a declaration file: `components['schemas']` (one type per schema) and `paths` (per
// route and method: the JSON body it takes and the one it answers with).

const refName = (ref) => ref.split('/').pop();
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

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

export function typesOf(document, source) {
  const schemas = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => `${key(name)}: ${typeOf(schema)};`,
  );
  const paths = Object.entries(document.paths).map(([path, ops]) => {
    const methods = Object.entries(ops).map(([method, op]) => {
      const ok = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code));
      const response = ok ? (jsonBody(ok[1].content) ?? 'void') : 'void';
      const body = jsonBody(op.requestBody?.content);
      return `${method}: { response: ${response}${body ? `; body: ${body}` : ''} };`;
    });
    return `${JSON.stringify(path)}: {\n${methods.join('\n')}\n};`;
  });
  return [
    `// Generated from ${source} by \`npm run openapi\` (scripts/openapi.mjs): do not edit by hand.`,
    `// Change the backend's DTOs, then run \`npm run openapi\`.`,
    '',
    `export interface components {\nschemas: {\n${schemas.join('\n')}\n};\n}`,
    '',
    `export interface paths {\n${paths.join('\n')}\n}`,
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
  ].join('\n');
}
