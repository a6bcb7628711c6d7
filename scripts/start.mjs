#!/usr/bin/env node
// `npm start`: builds what is out of date (nx caches the rest), then runs the product: migrations, the
// API, the worker and the built frontend on one port. When no marketplace URL is configured the Faire
// sandbox starts alongside (see backend/src/main.ts); when no ShipStation or Shopify URL is configured,
// that source's sandbox starts here and the backend is pointed at it (scripts/source-sandboxes.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSourceSandboxes } from './source-sandboxes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

if (process.env.SKIP_BUILD !== '1') {
  const nx = join(root, 'node_modules', '.bin', 'nx');
  const build = spawnSync(
    nx,
    [
      'run-many',
      '-t',
      'build',
      '--projects=@portal/backend,@portal/frontend,@portal/shipstation-sandbox,@portal/shopify-sandbox',
      '--output-style=static',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NX_DAEMON: 'false' } },
  );
  if (build.status !== 0) {
    console.error('Build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

let sandboxes;
try {
  sandboxes = await startSourceSandboxes(root, process.env);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

// Outside production a local webhook receiver (http://localhost:...) may be registered, unless .env says no.
const env =
  process.env.NODE_ENV === 'production' || process.env.WEBHOOKS_ALLOW_PRIVATE
    ? process.env
    : { ...process.env, WEBHOOKS_ALLOW_PRIVATE: 'true' };
const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  void sandboxes.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
