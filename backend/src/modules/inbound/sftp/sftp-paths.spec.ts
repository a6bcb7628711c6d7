import { errorFileName, isTemporaryName, resolveSftpPath, sftpPathText } from './sftp-paths.js';

describe('SFTP paths', () => {
  it('resolves the root, the three folders and their files, relative or absolute', () => {
    for (const root of ['', '.', '/', '//', './', '/./']) {
      expect(resolveSftpPath(root)).toEqual({ kind: 'root' });
    }
    expect(resolveSftpPath('inbox')).toEqual({ kind: 'folder', folder: 'inbox' });
    expect(resolveSftpPath('/done/')).toEqual({ kind: 'folder', folder: 'done' });
    expect(resolveSftpPath('/inbox/daily.csv')).toEqual({ kind: 'file', folder: 'inbox', name: 'daily.csv' });
    expect(resolveSftpPath('./error//a b.err.csv')).toEqual({
      kind: 'file',
      folder: 'error',
      name: 'a b.err.csv',
    });
  });

  it('refuses walking up, other roots, NUL and control characters, backslashes and deep paths', () => {
    for (const bad of [
      '..',
      '../',
      '/..',
      'inbox/..',
      'inbox/../done/x.csv',
      '/inbox/../../etc/passwd',
      '/etc/passwd',
      '/home/brand-aaaaaaaaaaaa/inbox/x.csv',
      '/brand-aaaaaaaaaaaa/inbox',
      'inbox/x\0.csv',
      'inbox/x.csv\0',
      'inbox/x\n.csv',
      'inbox\\x.csv',
      'inbox/sub/x.csv',
      `inbox/${'a'.repeat(121)}`,
      'inbox/ x.csv',
      'outbox/x.csv',
    ]) {
      expect([bad, resolveSftpPath(bad)]).toEqual([bad, null]);
    }
  });

  it('shows a resolved path as an absolute one', () => {
    expect(sftpPathText({ kind: 'root' })).toBe('/');
    expect(sftpPathText(resolveSftpPath('done')!)).toBe('/done');
    expect(sftpPathText(resolveSftpPath('./inbox/a.csv')!)).toBe('/inbox/a.csv');
  });

  it('holds temporary names and names error files', () => {
    for (const n of ['a.csv.tmp', 'a.csv.part', 'a.filepart', '.a.csv', 'A.TMP']) {
      expect(isTemporaryName(n)).toBe(true);
    }
    for (const n of ['a.csv', 'tmp.csv', 'daily']) expect(isTemporaryName(n)).toBe(false);
    expect(errorFileName('daily.csv', 'rows')).toBe('daily.csv.err.csv');
    expect(errorFileName('daily.csv', 'refused')).toBe('daily.csv.err.txt');
    expect(errorFileName('x'.repeat(120), 'rows')).toHaveLength(120);
  });
});
