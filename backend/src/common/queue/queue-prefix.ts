import { createHash } from 'node:crypto';

/**
 * The default Redis key prefix of an install, derived from its database (host, port and name): two
 * installs sharing one Redis never share queues unless QUEUE_PREFIX says so. Readable part first
 * (the database name, sanitised), then a short hash of where the database lives.
 */
export function queuePrefixFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const where = `${url.hostname.toLowerCase()}:${url.port || '5432'}/${name}`;
  const hash = createHash('sha256').update(where).digest('hex').slice(0, 10);
  const readable = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 24);
  return `portal-${readable}-${hash}`;
}
