/** The three folders every company sees at the root of its SFTP login (decision 0070). */
export const SFTP_FOLDERS = ['inbox', 'done', 'error'] as const;
export type SftpFolder = (typeof SFTP_FOLDERS)[number];

/** The longest file name kept (as an upload's name). */
export const SFTP_NAME_CHARS = 120;

/** What a client's path names in a company's virtual tree. */
export type SftpPath =
  | { kind: 'root' }
  | { kind: 'folder'; folder: SftpFolder }
  | { kind: 'file'; folder: SftpFolder; name: string };

/**
 * A client's path, resolved in the company's virtual tree (decision 0070): relative paths start at the
 * root (`/`), `.` segments and repeated slashes are dropped. Null for anything else, refused by the
 * server: a `..` segment anywhere (no walking up, even when it would stay inside), a NUL or any control
 * character, a backslash, a folder other than the three, a file below a file, a name over
 * SFTP_NAME_CHARS characters.
 */
export function resolveSftpPath(input: string): SftpPath | null {
  if (input.length > 1024 || /[\p{Cc}\\]/u.test(input)) return null;
  const parts = input.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return null;
  if (parts.length === 0) return { kind: 'root' };
  const folder = parts[0] as SftpFolder;
  if (!SFTP_FOLDERS.includes(folder)) return null;
  if (parts.length === 1) return { kind: 'folder', folder };
  if (parts.length > 2) return null;
  const name = parts[1]!;
  if (name.length > SFTP_NAME_CHARS || name.trim() !== name) return null;
  return { kind: 'file', folder, name };
}

/** The absolute path a resolved path is shown as (REALPATH's answer). */
export function sftpPathText(p: SftpPath): string {
  if (p.kind === 'root') return '/';
  if (p.kind === 'folder') return `/${p.folder}`;
  return `/${p.folder}/${p.name}`;
}

/**
 * A name in `inbox/` that is held rather than taken when its upload closes: a temporary name a client
 * writes before renaming it to its real name (`.tmp`, `.part`, `.filepart`, `.partial`, or a leading
 * dot). Renamed within `inbox/` to any other name, it is taken then.
 */
export function isTemporaryName(name: string): boolean {
  return name.startsWith('.') || /\.(tmp|temp|part|filepart|partial)$/i.test(name);
}

/** The name of a file's error file in `error/`: its failed rows (`.err.csv`) or why it was refused (`.err.txt`). */
export function errorFileName(name: string, kind: 'rows' | 'refused'): string {
  return `${name.slice(0, SFTP_NAME_CHARS - 8)}.err.${kind === 'rows' ? 'csv' : 'txt'}`;
}
