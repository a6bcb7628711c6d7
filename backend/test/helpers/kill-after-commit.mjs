// Loaded with `node --import` into an API process under test: the process kills itself (SIGKILL) the
// moment Postgres has committed a transaction that ran a statement containing KILL_AFTER_COMMIT_OF,
// before anything after the commit runs: the client never gets its answer, the rows are stored.
import pg from 'pg';

const marker = process.env.KILL_AFTER_COMMIT_OF;

if (marker) {
  const query = pg.Client.prototype.query;
  const armed = new WeakSet();
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string' && text.includes(marker)) armed.add(this);
    const result = query.call(this, config, values, callback);
    if (typeof text === 'string' && /^\s*COMMIT\b/i.test(text) && armed.has(this) && result?.then) {
      return result.then(() => {
        process.kill(process.pid, 'SIGKILL');
        return new Promise(() => undefined);
      });
    }
    return result;
  };
}
