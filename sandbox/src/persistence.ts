import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PersistedState } from './state.js';

export const WRITE_DEBOUNCE_MS = 200;

/** Reads a state file; `undefined` when it does not exist. Throws on a corrupt file. */
export async function loadStateFile(file: string): Promise<PersistedState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`Faire sandbox: ${file} is not valid JSON`);
  }
  const d = data as Partial<PersistedState> | null;
  if (!d || d.format !== 'faire-sandbox-state' || d.version !== 1 || !Array.isArray(d.records)) {
    throw new Error(
      `Faire sandbox: ${file} is not a sandbox state file (format faire-sandbox-state, version 1)`,
    );
  }
  return d as PersistedState;
}

/**
 * Atomic (tmp + rename), synchronous, fsynced writes of the sandbox state. `writeNow` is called before any
 * answer leaves the sandbox, so a change that was answered survives SIGKILL (as it would on Faire).
 * `schedule` covers changes nobody is answered about (the clock moving orders along) on a short debounce.
 * Every write is synchronous, so an older snapshot can never land after a newer one.
 */
export class StateWriter {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedState,
    private readonly onError: (err: unknown) => void,
  ) {}

  schedule(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writeNow();
    }, WRITE_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Writes now if anything changed. */
  flush(): Promise<void> {
    this.writeNow();
    return Promise.resolve();
  }

  /** Writes pending changes synchronously (fsynced) if anything changed. */
  writeNow(): void {
    if (this.closed || !this.dirty) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.dirty = false;
    try {
      const payload = JSON.stringify(this.snapshot());
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        const fd = openSync(tmp, 'w');
        try {
          writeSync(fd, payload);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(tmp, this.file);
      } catch (err) {
        try {
          unlinkSync(tmp);
        } catch {
          // already gone
        }
        throw err;
      }
    } catch (err) {
      this.dirty = true;
      this.onError(err);
    }
  }

  close(): Promise<void> {
    this.writeNow();
    this.closed = true;
    return Promise.resolve();
  }
}
