#!/usr/bin/env node
// The API contract, written from the code: docs/openapi.json (the backend's OpenAPI document, built from
// its controllers and DTOs in Nest's preview mode: nothing runs, nothing connects) and, from it, the
// frontend's types, frontend/src/api/schema.d.ts. Decision 0045.
//   node scripts/openapi.mjs           write both files (`npm run openapi`)
//   node scripts/openapi.mjs --check   exit 1 when either file is stale, or a route has no response schema
import { register } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { typesOf } from './lib/openapi-types.mjs';

const ROOT = join(import.meta.dirname, '..');
const DOC = join(ROOT, 'docs', 'openapi.json');
const TYPES = join(ROOT, 'frontend', 'src', 'api', 'schema.d.ts');

/** Routes whose success answer is a redirect (the browser follows it); every other route has a schema. */
const NO_JSON_BODY = new Set([
  'GET /api/oauth/faire/callback',
  'GET /api/auth/google/start',
  'GET /api/integrations/shopify/callback',
]);

register('./lib/ts-hooks.mjs', import.meta.url);
const { buildOpenApiDocument } = await import(
  pathToFileURL(join(ROOT, 'backend', 'src', 'openapi-document.ts')).href
);
const document = await buildOpenApiDocument();

async function formatted(path, text) {
  return prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
}

/** Operations whose 2xx answer declares no body, and are not known to have none. */
function withoutSchema(doc) {
  const missing = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      const ok = Object.entries(op.responses ?? {}).some(
        ([code, r]) => /^2\d\d$|^3\d\d$/.test(code) && (r.content || NO_JSON_BODY.has(key)),
      );
      if (!ok) missing.push(key);
    }
  }
  return missing;
}

const files = [
  [DOC, await formatted(DOC, JSON.stringify(document))],
  [TYPES, await formatted(TYPES, typesOf(document, relative(ROOT, DOC)))],
];
const missing = withoutSchema(document);

if (process.argv.includes('--check')) {
  const stale = files.filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
  for (const [path] of stale) console.error(`${relative(ROOT, path)} is stale: run npm run openapi`);
  for (const key of missing) console.error(`${key}: no response schema (@ApiOkResponse({ type }))`);
  process.exit(stale.length || missing.length ? 1 : 0);
}
for (const [path, text] of files) writeFileSync(path, text);
const operations = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
console.log(
  `Wrote ${relative(ROOT, DOC)} and ${relative(ROOT, TYPES)}: ${operations} routes, ` +
    `${Object.keys(document.components?.schemas ?? {}).length} schemas` +
    (missing.length ? `; without a response schema: ${missing.join(', ')}` : ''),
);
process.exit(0);
