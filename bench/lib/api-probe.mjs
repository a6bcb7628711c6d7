// Loaded with `node --import` into the fleet's API processes (bench-side only; nothing in the product
// changes): where a request's time goes inside the process. Per GET /api/shipments: time from the
// request's arrival to its answer, the SQL statements it sent (count and time each took from being
// handed to pg until it answered), and the time spent waiting for a pool connection; for the process:
// event-loop delay. Every second the process's figures are written as JSON to BENCH_PROBE_FILE and the
// reads finished since the last write are appended to `<file>.reads` (one JSON line each): the probe's
// own cost stays the same all run long (rewriting every read so far each second grew to tens of
// milliseconds of JSON per second by the end, stalling the very reads it measured).
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';

const file = process.env.BENCH_PROBE_FILE;
const store = new AsyncLocalStorage();
const requests = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let loopReset = false;
let cpuAtFirstRead = null;

function label(config) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  // Subqueries out, so the table named is the statement's own.
  let s = text.replace(/\s+/g, ' ').trim();
  const count = /^SELECT count\(\*\)/i.test(s);
  for (let prev = ''; prev !== s;) [prev, s] = [s, s.replace(/\([^()]*\)/g, '')];
  let m;
  if (count) return `SELECT count(*)${/ FROM shipments /.test(text) ? ' shipments' : ''}`;
  if ((m = /^WITH .*? SELECT .*? FROM "?(\w+)/i.exec(s))) return `WITH ... SELECT ${m[1]}`;
  if ((m = /^(INSERT INTO|UPDATE|DELETE FROM) "?(\w+)/i.exec(s))) return `${m[1].split(' ')[0]} ${m[2]}`;
  if ((m = /^SELECT .*? FROM "?(\w+)/i.exec(s))) return `SELECT ${m[1]}`;
  return s.split(' ').slice(0, 2).join(' ');
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function probedQuery(config, values, callback) {
  const req = store.getStore();
  if (!req || typeof config?.submit === 'function') return query.call(this, config, values, callback);
  const entry = { sql: label(config), ms: NaN };
  req.statements.push(entry);
  const t0 = performance.now();
  const done = () => (entry.ms = performance.now() - t0);
  if (typeof values === 'function') return query.call(this, config, (e, r) => (done(), values(e, r)));
  if (typeof callback === 'function') {
    return query.call(this, config, values, (e, r) => (done(), callback(e, r)));
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function probedConnect(cb) {
  const req = store.getStore();
  if (!req) return connect.call(this, cb);
  const t0 = performance.now();
  const note = () => (req.poolWaitMs += performance.now() - t0);
  if (typeof cb === 'function') return connect.call(this, (e, c, r) => (note(), cb(e, c, r)));
  return connect.call(this).then(
    (c) => (note(), c),
    (e) => (note(), Promise.reject(e)),
  );
};

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function probedEmit(event, req, res) {
  if (event !== 'request' || req.method !== 'GET' || !req.url.startsWith('/api/shipments?')) {
    return emit.apply(this, arguments);
  }
  if (!loopReset) {
    // Measure the event loop while the readers run, not while the process boots.
    loop.reset();
    loopReset = true;
    cpuAtFirstRead = process.cpuUsage();
  }
  const entry = { at: Date.now(), t0: performance.now(), ms: NaN, statements: [], poolWaitMs: 0 };
  res.once('finish', () => {
    entry.ms = performance.now() - entry.t0;
    requests.push(entry);
  });
  return store.run(entry, () => emit.apply(this, arguments));
};

let reads = 0;
function write() {
  if (!file) return;
  if (requests.length > 0) {
    const lines = requests.map((r) =>
      JSON.stringify({ at: r.at, ms: r.ms, poolWaitMs: r.poolWaitMs, statements: r.statements }),
    );
    appendFileSync(`${file}.reads`, `${lines.join('\n')}\n`);
    reads += requests.length;
    // What is written is no longer needed here.
    requests.length = 0;
  }
  const h = loop;
  writeFileSync(
    file,
    JSON.stringify({
      loop: {
        p50: h.percentile(50) / 1e6,
        p99: h.percentile(99) / 1e6,
        max: h.max / 1e6,
        mean: h.mean / 1e6,
      },
      // CPU time of the whole process (all threads) since the first read.
      cpuMs: cpuAtFirstRead
        ? (() => {
            const d = process.cpuUsage(cpuAtFirstRead);
            return (d.user + d.system) / 1000;
          })()
        : 0,
      reads,
    }),
  );
}
setInterval(write, 1000).unref();
process.on('exit', write);
