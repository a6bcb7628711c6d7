import { mkdir, readFile, rename, writeFile, unlink } from 'node:fs/promises';
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

/** Debounced, serialized, atomic (tmp + rename) writes of the sandbox state. */
export class StateWriter {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
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
      void this.flush();
    }, WRITE_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Writes now if anything changed; resolves when the file is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    this.writing = this.write().catch(this.onError);
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private async write(): Promise<void> {
    const payload = JSON.stringify(this.snapshot());
    await mkdir(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, payload, 'utf8');
      await rename(tmp, this.file);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }
}
