import ssh2, { type SFTPWrapper } from 'ssh2';

const { Client } = ssh2;

/** How a test logs in to the SFTP drop: a password or a private key. */
export type SftpCredentials = { username: string } & ({ password: string } | { privateKey: string });

/** An SFTP client logged in to the drop (ssh2's client), with promise-returning operations. */
export interface SftpTestClient {
  /** The host key the server showed, in OpenSSH form (`<type> <base64>`). */
  hostKey: string;
  put(path: string, content: Buffer): Promise<void>;
  get(path: string): Promise<Buffer>;
  list(path: string): Promise<string[]>;
  stat(path: string): Promise<{ size: number; isDirectory: boolean }>;
  realpath(path: string): Promise<string>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  end(): void;
}

const promised =
  <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
  () =>
    new Promise<T>((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value as T))));

/** Logs in on 127.0.0.1:port; rejects with ssh2's error when the login is refused. */
export function sftpConnect(port: number, login: SftpCredentials): Promise<SftpTestClient> {
  const client = new Client();
  let hostKey = '';
  return new Promise((resolve, reject) => {
    client.on('error', reject);
    client.on('ready', () => {
      client.sftp((err, sftp: SFTPWrapper) => {
        if (err) return reject(err);
        resolve({
          hostKey,
          put: (path, content) => promised<void>((d) => sftp.writeFile(path, content, d))(),
          get: (path) => promised<Buffer>((d) => sftp.readFile(path, d))(),
          list: async (path) =>
            (await promised<Array<{ filename: string }>>((d) => sftp.readdir(path, d))())
              .map((e) => e.filename)
              .sort(),
          stat: async (path) => {
            const s = await promised<{ size: number; isDirectory(): boolean }>((d) => sftp.stat(path, d))();
            return { size: s.size, isDirectory: s.isDirectory() };
          },
          realpath: (path) => promised<string>((d) => sftp.realpath(path, d))(),
          rename: (from, to) => promised<void>((d) => sftp.rename(from, to, d))(),
          remove: (path) => promised<void>((d) => sftp.unlink(path, d))(),
          end: () => client.end(),
        });
      });
    });
    client.connect({
      host: '127.0.0.1',
      port,
      readyTimeout: 20_000,
      hostVerifier: (key: Buffer) => {
        const type = key.subarray(4, 4 + key.readUInt32BE(0)).toString();
        hostKey = `${type} ${key.toString('base64')}`;
        return true;
      },
      ...login,
    });
    // As OpenSSH's client does for its requests: each waits for its answer, so no Nagle delay.
    client.setNoDelay(true);
  });
}

/** Logs in, runs `work`, and logs out whatever happened. */
export async function withSftp<T>(
  port: number,
  login: SftpCredentials,
  work: (c: SftpTestClient) => Promise<T>,
): Promise<T> {
  const c = await sftpConnect(port, login);
  try {
    return await work(c);
  } finally {
    c.end();
  }
}

/** Waits until `check` returns something truthy (polling), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 150));
  }
}
