// The fleet benchmark's processes: the backend's main.js started in a WORKER_MODE with
// its output kept, `ready` once it says it is running.
import { spawn } from 'node:child_process';

/** `main` (a build's main.js) as an `api` / `worker` process; rejects `ready` if it exits first. */
export function startProcess(main, env, mode, extra, execArgv = []) {
  const child = spawn(process.execPath, [...execArgv, main], {
    env: { ...process.env, NODE_OPTIONS: '', ...env, WORKER_MODE: mode, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.once('exit', (code, sig) => r(code ?? sig)));
  const ready = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/is running/.test(out)) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`${mode} process exited (${code}) before it was running:\n${out.slice(-2000)}`));
    });
  });
  ready.catch(() => undefined);
  return { child, mode, ready, exited, output: () => out };
}
