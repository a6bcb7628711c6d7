// Module hooks (node:module register) that load the backend's TypeScript sources as they are: each .ts
// file is transpiled alone by the TypeScript compiler with the backend's decorator settings (the Nest
// and Swagger decorators need `emitDecoratorMetadata`), and an import of `./x.js` finds `./x.ts`.
// Nothing is type-checked here (the lint does that). Used by scripts/openapi.mjs.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const OPTIONS = {
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.ESNext,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  sourceMap: false,
  inlineSourceMap: false,
};

export async function resolve(specifier, context, next) {
  if (specifier.endsWith('.js') && context.parentURL?.startsWith('file:') && /^\.{1,2}\//.test(specifier)) {
    const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (!existsSync(new URL(specifier, context.parentURL)) && existsSync(ts)) {
      return { url: ts.href, shortCircuit: true, format: 'module' };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts') || url.includes('/node_modules/')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: OPTIONS,
    fileName: fileURLToPath(url),
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
