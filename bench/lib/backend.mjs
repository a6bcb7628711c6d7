// The compiled backend (backend/dist), loaded once. `npm run build -w @portal/backend` first.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// BENCH_BACKEND_DIST=<another build's dist>: the same benchmarks on that build (a before/after).
const DIST = process.env.BENCH_BACKEND_DIST ?? join(ROOT, 'backend', 'dist');

let loaded;

export function backend() {
  loaded ??= load();
  return loaded;
}

async function load() {
  const need = [
    'app.js',
    'common/config/app-config.js',
    'common/database/database.js',
    'modules/shipments/intake/csv-ingest.js',
    'modules/shipments/shipments.service.js',
    'modules/shipments/recovery/shipment-queueing.service.js',
    'modules/orders/orders.service.js',
  ];
  for (const f of need) {
    if (!existsSync(join(DIST, f))) {
      throw new Error(`backend/dist/${f} is missing: run \`npm run build -w @portal/backend\` first`);
    }
  }
  const imp = (f) => import(new URL(`file://${join(DIST, f)}`).href);
  // reflect-metadata must be loaded before any decorated class is evaluated (main.ts does the same).
  await import('reflect-metadata');
  const [app, config, database, ingest, service, queueing, orders] = await Promise.all([
    imp('app.js'),
    imp('common/config/app-config.js'),
    imp('common/database/database.js'),
    imp('modules/shipments/intake/csv-ingest.js'),
    imp('modules/shipments/shipments.service.js'),
    imp('modules/shipments/recovery/shipment-queueing.service.js'),
    imp('modules/orders/orders.service.js'),
  ]);
  return {
    createApp: app.createApp,
    loadConfig: config.loadConfig,
    ensureDatabase: database.ensureDatabase,
    runMigrations: database.runMigrations,
    ingestCsv: ingest.ingestCsv,
    ShipmentsService: service.ShipmentsService,
    // Materialising and queueing live in ShipmentQueueing (the worker's side of the intake).
    ShipmentQueueing: queueing.ShipmentQueueing,
    SHIPMENT_JOB_OPTIONS: queueing.SHIPMENT_JOB_OPTIONS,
    OrdersService: orders.OrdersService,
    distBuiltAt: statSync(join(DIST, 'app.js')).mtime,
  };
}
