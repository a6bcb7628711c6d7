import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Redis } from 'ioredis';
import { createServer } from 'node:net';
import type { AppConfig } from '../../common/config/index.js';
import { CATEGORY } from './abuse-category.js';
import { AbuseLimitGuard, waitText } from './abuse-limit.guard.js';

/** A port nothing listens on: taken, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

function context(handler: () => void): ExecutionContext {
  const req = { ip: '10.0.0.1', session: { userId: 'u1' } };
  return {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({ setHeader: () => undefined }) }),
  } as unknown as ExecutionContext;
}

describe('AbuseLimitGuard', () => {
  it('lets requests through while Redis is unreachable (limits pause, work goes on)', async () => {
    const redis = new Redis({
      port: await deadPort(),
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const config = {
      queuePrefix: 'spec',
      rateLimits: { windowMs: 60_000, upload: { perIp: 1, perUser: 1 } },
    } as unknown as AppConfig;
    const guard = new AbuseLimitGuard(new Reflector(), config, redis);
    const handler = () => undefined;
    Reflect.defineMetadata(CATEGORY, 'upload', handler);
    for (let i = 0; i < 3; i++) await expect(guard.canActivate(context(handler))).resolves.toBe(true);
    redis.disconnect();
  });

  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [600, '10 minutes'],
  ])('says %i seconds as "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
