#!/usr/bin/env node
// The API contract, written from the code: docs/openapi.json (the backend's OpenAPI document, built from
// its controllers and DTOs in Nest's preview mode: nothing runs, nothing connects) and, from it, the
// frontend's types: frontend/src/api/schema.d.ts, the entry point, and one file per module in
// frontend/src/api/schema/. Decisions 0045 and 0055.
//   node scripts/openapi.mjs           write the files (`npm run openapi`)
//   node scripts/openapi.mjs --check   exit 1 when a file is stale, or a route has no response schema
import { register } from 'node:module';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { typeFilesOf } from './lib/openapi-types.mjs';

const ROOT = join(import.meta.dirname, '..');
const DOC = join(ROOT, 'docs', 'openapi.json');
const API = join(ROOT, 'frontend', 'src', 'api');
const ENTRY = 'schema';
const MODULES = join(API, ENTRY);

/** Routes whose success answer is a redirect (the browser follows it); every other route has a schema. */
const REDIRECTS = new Set([
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

/** A JSON answer is a DTO class: a $ref, a list of them, or one of several. */
const named = (s) =>
  Boolean(s?.$ref) ||
  (s?.type === 'array' && Boolean(s.items?.$ref)) ||
  Boolean((s?.oneOf ?? s?.anyOf)?.length && (s.oneOf ?? s.anyOf).every((x) => x.$ref));

/** What is wrong with a route's success answer: null when it declares a schema (or is a known redirect). */
function answerProblem(key, op) {
  const codes = Object.entries(op.responses ?? {});
  if (REDIRECTS.has(key)) {
    return codes.some(([code]) => /^3\d\d$/.test(code)) ? null : 'listed as a redirect, declares no 3xx';
  }
  const ok = codes.filter(([code]) => /^2\d\d$/.test(code));
  if (!ok.length) return 'no success response (@ApiOkResponse({ type }))';
  for (const [code, r] of ok) {
    const media = Object.entries(r.content ?? {});
    if (!media.length) return `${code} declares no body: no response schema (@ApiOkResponse({ type }))`;
    for (const [type, m] of media) {
      if (!m.schema || !Object.keys(m.schema).length) return `${code} ${type} has no schema`;
      if (type === 'application/json' && !named(m.schema)) {
        return `${code} answers an inline schema: declare a DTO class (@ApiOkResponse({ type }))`;
      }
    }
  }
  return null;
}

function contractProblems(doc) {
  const problems = [];
  const keys = new Set();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      keys.add(key);
      const problem = answerProblem(key, op);
      if (problem) problems.push(`${key}: ${problem}`);
    }
  }
  for (const key of REDIRECTS) {
    if (!keys.has(key)) problems.push(`${key}: listed as a redirect, no such route`);
  }
  return problems;
}

const files = [[DOC, await formatted(DOC, JSON.stringify(document))]];
for (const [name, text] of typeFilesOf(document, relative(ROOT, DOC), ENTRY)) {
  const path = join(API, name);
  files.push([path, await formatted(path, text)]);
}
/** Files in the modules' folder the document no longer makes. */
const orphans = existsSync(MODULES)
  ? readdirSync(MODULES)
      .map((f) => join(MODULES, f))
      .filter((path) => !files.some(([p]) => p === path))
  : [];
const problems = contractProblems(document);

if (process.argv.includes('--check')) {
  const stale = files.filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
  for (const [path] of stale) console.error(`${relative(ROOT, path)} is stale: run npm run openapi`);
  for (const path of orphans) console.error(`${relative(ROOT, path)} is not generated: run npm run openapi`);
  for (const problem of problems) console.error(problem);
  process.exit(stale.length || orphans.length || problems.length ? 1 : 0);
}
mkdirSync(MODULES, { recursive: true });
for (const path of orphans) rmSync(path, { recursive: true });
for (const [path, text] of files) writeFileSync(path, text);
const operations = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
console.log(
  `Wrote ${relative(ROOT, DOC)} and ${files.length - 1} type files in ${relative(ROOT, API)}: ` +
    `${operations} routes, ${Object.keys(document.components?.schemas ?? {}).length} schemas` +
    (problems.length ? `\n${problems.join('\n')}` : ''),
);
process.exit(0);
