import { createServer } from 'node:net';

/**
 * A port free right now, for a server a test starts itself. Picked at random below the kernel's
 * ephemeral range (32768 and up on Linux): a port the kernel hands out (listen on 0) is also what it
 * gives the next outgoing connection (Postgres, Redis, a fetch), so it was taken between being picked
 * and being listened on under load. Here only another test's pick can collide, and the bind check
 * below rules out a port already listened on.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = 15000 + Math.floor(Math.random() * 17000);
    if (await canListen(port)) return port;
    if (tries > 50) throw new Error('no free port found between 15000 and 32000');
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
