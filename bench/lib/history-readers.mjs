// The fleet bench's history readers, in a worker thread of their own: the bench's main thread also runs
// the Faire sandbox the workers call (~100 requests/s with simulated latency), and its event-loop delay
// would otherwise be counted as the endpoint's latency. workerData: { apis, logins, pauseMs }; the
// readers sign in, post 'ready', read until they get 'stop', then post their latencies (ms).
import { parentPort, workerData } from 'node:worker_threads';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { agent } from './env.mjs';

const { apis, logins, pauseMs } = workerData;
const loop = monitorEventLoopDelay({ resolution: 10 });
let reading = true;
parentPort.on('message', (m) => {
  if (m === 'stop') reading = false;
});
const latencies = [];
const readers = await Promise.all(
  logins.map(async (login, i) => {
    const reader = agent(apis[(i + 1) % apis.length]);
    await reader.post('/api/auth/dev-login', login);
    return reader;
  }),
);
parentPort.postMessage({ ready: true });
loop.enable();
await Promise.all(
  readers.map(async (reader, i) => {
    while (reading) {
      const t = performance.now();
      await reader.get(`/api/shipments?page=${1 + (i % 3)}&limit=50`);
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }),
);
loop.disable();
parentPort.postMessage({
  latencies,
  loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
});
