import { Logger } from '@nestjs/common';
import { MAX_FILE_BYTES } from '@portal/shipment-rules';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import type { CompanyScope } from '../../../common/database/company-scope.js';
import type { SftpDrop } from './sftp-drop.service.js';
import { resolveSftpPath, SFTP_FOLDERS, sftpPathText, type SftpFolder, type SftpPath } from './sftp-paths.js';
import type { SftpFileRow, SftpRecords } from './sftp.repository.js';
import type { UploadBudget } from './upload-budget.js';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
const DIR_MODE = 0o040755;
const FILE_MODE = 0o100644;
/** Handles one session may hold open at once. */
const MAX_HANDLES = 32;
const OVER_LIMIT = `The file is over the upload limit of ${MAX_FILE_BYTES / 1024 / 1024} MB`;

type Handle =
  | { kind: 'write'; name: string; buf: Buffer; size: number; refused: string | null }
  | { kind: 'read'; content: Buffer; size: number; mtime: number }
  | { kind: 'dir'; entries: FileEntry[]; sent: boolean };

function dirAttrs(mtime = 0): Attributes {
  return { mode: DIR_MODE, uid: 0, gid: 0, size: 0, atime: mtime, mtime };
}

function fileAttrs(size: number, mtime: number): Attributes {
  return { mode: FILE_MODE, uid: 0, gid: 0, size, atime: mtime, mtime };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** An `ls -l` line, as clients show a listing. */
function longname(name: string, attrs: Attributes): string {
  const type = attrs.mode === DIR_MODE ? 'drwxr-xr-x' : '-rw-r--r--';
  const when = new Date(attrs.mtime * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return `${type} 1 portal portal ${String(attrs.size).padStart(10)} ${when} ${name}`;
}

/**
 * One company's SFTP session (decision 0070): the operations a normal client needs, on the company's
 * virtual tree (`/inbox`, `/done`, `/error`, kept in Postgres). Any path the tree does not have, a `..`,
 * a NUL or a control character is answered "No such file"; writing is allowed in `inbox/` only.
 * A file being written is kept in this process's memory up to the upload limit (a write past it fails)
 * and handed to the drop when its handle closes; the CLOSE answer waits for the file to be taken.
 */
export class SftpSession {
  private readonly logger = new Logger('InboundSftp');
  private readonly handles = new Map<string, Handle>();
  private nextHandle = 0;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly scope: CompanyScope,
    private readonly records: SftpRecords,
    private readonly drop: SftpDrop,
    private readonly budget: UploadBudget,
  ) {}

  attach(): void {
    const s = this.sftp;
    const on = (event: string, run: (id: number, ...args: never[]) => Promise<void>) =>
      s.on(event as 'OPEN', (id: number, ...args: unknown[]) => {
        run(id, ...(args as never[])).catch((err: unknown) => {
          this.logger.error({ err }, `SFTP ${event} failed`);
          this.status(id, STATUS_CODE.FAILURE, 'The server could not do that; try again');
        });
      });
    on('REALPATH', (id, path: string) => this.realpath(id, path));
    on('STAT', (id, path: string) => this.stat(id, path));
    on('LSTAT', (id, path: string) => this.stat(id, path));
    on('FSTAT', (id, handle: Buffer) => this.fstat(id, handle));
    on('OPENDIR', (id, path: string) => this.opendir(id, path));
    on('READDIR', (id, handle: Buffer) => this.readdir(id, handle));
    on('OPEN', (id, path: string, flags: number) => this.open(id, path, flags));
    on('WRITE', (id, handle: Buffer, offset: number, data: Buffer) => this.write(id, handle, offset, data));
    on('READ', (id, handle: Buffer, offset: number, length: number) => this.read(id, handle, offset, length));
    on('CLOSE', (id, handle: Buffer) => this.close(id, handle));
    on('REMOVE', (id, path: string) => this.remove(id, path));
    on('RENAME', (id, from: string, to: string) => this.rename(id, from, to));
    on('SETSTAT', async (id) => this.status(id, STATUS_CODE.OK));
    on('FSETSTAT', async (id) => this.status(id, STATUS_CODE.OK));
    for (const refused of ['MKDIR', 'RMDIR', 'SYMLINK', 'READLINK']) {
      on(refused, async (id) => this.status(id, STATUS_CODE.PERMISSION_DENIED, 'Not allowed here'));
    }
    s.on('close', () => this.end());
  }

  /** The session ended: files still being written are dropped (their uploads never closed). */
  end(): void {
    for (const h of this.handles.values()) if (h.kind === 'write') this.budget.release(h.buf.length);
    this.handles.clear();
  }

  private status(id: number, code: number, message?: string): void {
    this.sftp.status(id, code, message);
  }

  private noSuchFile(id: number): void {
    this.status(id, STATUS_CODE.NO_SUCH_FILE, 'No such file');
  }

  private handle(id: number, h: Handle): void {
    if (this.handles.size >= MAX_HANDLES) {
      if (h.kind === 'write') this.budget.release(h.buf.length);
      this.status(id, STATUS_CODE.FAILURE, 'Too many files open at once');
      return;
    }
    const key = Buffer.alloc(4);
    key.writeUInt32BE(this.nextHandle++ >>> 0);
    this.handles.set(key.toString('hex'), h);
    this.sftp.handle(id, key);
  }

  private found(handle: Buffer): Handle | undefined {
    return this.handles.get(handle.toString('hex'));
  }

  private async realpath(id: number, path: string): Promise<void> {
    const p = resolveSftpPath(path);
    if (!p) return this.noSuchFile(id);
    const text = sftpPathText(p);
    this.sftp.name(id, [{ filename: text, longname: text, attrs: dirAttrs() }]);
  }

  /** A file's attributes: a stored file's, or the one this session is writing; null when none. */
  private async attrsOf(p: SftpPath): Promise<Attributes | null> {
    if (p.kind !== 'file') return dirAttrs();
    for (const h of this.handles.values()) {
      if (h.kind === 'write' && p.folder === 'inbox' && h.name === p.name) {
        return fileAttrs(h.size, seconds(new Date()));
      }
    }
    const row = await this.records.file(this.scope, p.folder, p.name);
    return row ? fileAttrs(Number(row.size), seconds(row.modified_at)) : null;
  }

  private async stat(id: number, path: string): Promise<void> {
    const p = resolveSftpPath(path);
    const attrs = p ? await this.attrsOf(p) : null;
    if (!attrs) return this.noSuchFile(id);
    this.sftp.attrs(id, attrs);
  }

  private async fstat(id: number, handle: Buffer): Promise<void> {
    const h = this.found(handle);
    if (!h) return this.status(id, STATUS_CODE.FAILURE, 'No such handle');
    if (h.kind === 'dir') return this.sftp.attrs(id, dirAttrs());
    if (h.kind === 'read') return this.sftp.attrs(id, fileAttrs(h.size, h.mtime));
    this.sftp.attrs(id, fileAttrs(h.size, seconds(new Date())));
  }

  private async opendir(id: number, path: string): Promise<void> {
    const p = resolveSftpPath(path);
    if (!p || p.kind === 'file') return this.noSuchFile(id);
    const entry = (name: string, attrs: Attributes): FileEntry => ({
      filename: name,
      longname: longname(name, attrs),
      attrs,
    });
    let entries: FileEntry[];
    if (p.kind === 'root') {
      entries = SFTP_FOLDERS.map((f) => entry(f, dirAttrs()));
    } else {
      const rows: SftpFileRow[] = await this.records.list(this.scope, p.folder);
      entries = rows.map((r) => entry(r.name, fileAttrs(Number(r.size), seconds(r.modified_at))));
    }
    this.handle(id, { kind: 'dir', entries, sent: false });
  }

  private async readdir(id: number, handle: Buffer): Promise<void> {
    const h = this.found(handle);
    if (h?.kind !== 'dir') return this.status(id, STATUS_CODE.FAILURE, 'No such handle');
    if (h.sent || h.entries.length === 0) return this.status(id, STATUS_CODE.EOF);
    h.sent = true;
    this.sftp.name(id, h.entries);
  }

  private async open(id: number, path: string, flags: number): Promise<void> {
    const p = resolveSftpPath(path);
    if (!p || p.kind !== 'file') return this.noSuchFile(id);
    if (flags & OPEN_MODE.WRITE) {
      if (p.folder !== 'inbox') {
        return this.status(id, STATUS_CODE.PERMISSION_DENIED, 'Files are put into inbox/ only');
      }
      const initial = 64 * 1024;
      if (!this.budget.take(initial)) return this.busy(id);
      return this.handle(id, {
        kind: 'write',
        name: p.name,
        buf: Buffer.alloc(initial),
        size: 0,
        refused: null,
      });
    }
    const row = await this.records.file(this.scope, p.folder, p.name);
    const content = row && (await this.records.content(this.scope, p.folder, p.name));
    if (!row || !content) return this.noSuchFile(id);
    this.handle(id, { kind: 'read', content, size: content.length, mtime: seconds(row.modified_at) });
  }

  private busy(id: number): void {
    this.status(id, STATUS_CODE.FAILURE, 'The server is busy; try again in a minute');
  }

  private async write(id: number, handle: Buffer, offset: number, data: Buffer): Promise<void> {
    const h = this.found(handle);
    if (h?.kind !== 'write') return this.status(id, STATUS_CODE.FAILURE, 'No such handle');
    const end = offset + data.length;
    if (h.refused || end > MAX_FILE_BYTES) {
      h.refused = OVER_LIMIT;
      this.budget.release(h.buf.length);
      h.buf = Buffer.alloc(0);
      return this.status(id, STATUS_CODE.FAILURE, OVER_LIMIT);
    }
    if (end > h.buf.length) {
      const grown = Math.min(MAX_FILE_BYTES, Math.max(end, h.buf.length * 2));
      if (!this.budget.take(grown - h.buf.length)) return this.busy(id);
      const buf = Buffer.alloc(grown);
      h.buf.copy(buf, 0, 0, h.size);
      this.budget.release(h.buf.length);
      h.buf = buf;
    }
    data.copy(h.buf, offset);
    h.size = Math.max(h.size, end);
    this.status(id, STATUS_CODE.OK);
  }

  private async read(id: number, handle: Buffer, offset: number, length: number): Promise<void> {
    const h = this.found(handle);
    if (h?.kind !== 'read') return this.status(id, STATUS_CODE.FAILURE, 'No such handle');
    if (offset >= h.size) return this.status(id, STATUS_CODE.EOF);
    this.sftp.data(id, h.content.subarray(offset, Math.min(h.size, offset + length)));
  }

  private async close(id: number, handle: Buffer): Promise<void> {
    const key = handle.toString('hex');
    const h = this.handles.get(key);
    if (!h) return this.status(id, STATUS_CODE.FAILURE, 'No such handle');
    // Out of the session before it is taken: a second CLOSE finds no handle, so a file is taken once.
    this.handles.delete(key);
    if (h.kind !== 'write') return this.status(id, STATUS_CODE.OK);
    const content = Buffer.from(h.buf.subarray(0, h.size));
    this.budget.release(h.buf.length);
    if (h.refused) return this.status(id, STATUS_CODE.FAILURE, h.refused);
    const outcome = await this.drop.closed(this.scope, h.name, content);
    this.status(id, STATUS_CODE.OK, outcome.kind === 'refused' ? outcome.reason : undefined);
  }

  private async remove(id: number, path: string): Promise<void> {
    const p = resolveSftpPath(path);
    if (!p || p.kind !== 'file') return this.noSuchFile(id);
    const removed = await this.records.remove(this.scope, p.folder, p.name);
    if (!removed) return this.noSuchFile(id);
    this.status(id, STATUS_CODE.OK);
  }

  private async rename(id: number, fromPath: string, toPath: string): Promise<void> {
    const from = resolveSftpPath(fromPath);
    const to = resolveSftpPath(toPath);
    if (!from || from.kind !== 'file' || !to || to.kind !== 'file') return this.noSuchFile(id);
    if (from.folder !== to.folder) {
      return this.status(id, STATUS_CODE.PERMISSION_DENIED, 'Files are renamed within their folder only');
    }
    const folder: SftpFolder = from.folder;
    if (folder === 'inbox') {
      const outcome = await this.drop.renamedInInbox(this.scope, from.name, to.name);
      if (outcome.kind === 'gone') return this.noSuchFile(id);
      return this.status(id, STATUS_CODE.OK, outcome.kind === 'refused' ? outcome.reason : undefined);
    }
    const renamed = await this.records.rename(this.scope, folder, from.name, to.name);
    if (!renamed) return this.noSuchFile(id);
    this.status(id, STATUS_CODE.OK);
  }
}
