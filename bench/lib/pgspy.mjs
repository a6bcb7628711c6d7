// Times every SQL statement sent by any pg client in this process (the app's TypeORM pool included)
// while a recording is open. Bench-side instrumentation only: nothing in the product changes.
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const original = pg.Client.prototype.query;
let recording = null;

function label(config) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

function install() {
  if (pg.Client.prototype.query !== original) return;
  pg.Client.prototype.query = function spiedQuery(config, values, callback) {
    const rec = recording;
    if (!rec || typeof config?.submit === 'function') return original.call(this, config, values, callback);
    const entry = { sql: label(config), params: Array.isArray(values) ? values : undefined, ms: NaN };
    rec.push(entry);
    const t0 = performance.now();
    const done = () => (entry.ms = performance.now() - t0);
    if (typeof values === 'function') {
      return original.call(this, config, (err, res) => (done(), values(err, res)));
    }
    if (typeof callback === 'function') {
      return original.call(this, config, values, (err, res) => (done(), callback(err, res)));
    }
    const result = original.call(this, config, values);
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
}

/** Runs fn and answers { value, statements: [{ sql, params, ms }] } for the statements it caused. */
export async function recordStatements(fn) {
  install();
  const statements = [];
  const previous = recording;
  recording = statements;
  try {
    const value = await fn();
    return { value, statements };
  } finally {
    recording = previous;
  }
}

/** A short name for a statement: its verb and table ("INSERT shipments", "SELECT count shipments"). */
export function statementName(sql) {
  const s = sql.replace(/\s+/g, ' ').trim();
  let m;
  if ((m = /^INSERT INTO (\w+)/i.exec(s))) return `INSERT ${m[1]}`;
  if ((m = /^UPDATE (\w+)/i.exec(s))) return `UPDATE ${m[1]}`;
  if ((m = /^DELETE FROM (\w+)/i.exec(s))) return `DELETE ${m[1]}`;
  if ((m = /^SELECT count\(\*\).* FROM (\w+)/i.exec(s))) return `SELECT count(*) ${m[1]}`;
  if ((m = /^SELECT .*? FROM (\w+)/i.exec(s))) return `SELECT ${m[1]}`;
  return s.split(' ').slice(0, 2).join(' ');
}
