import { Controller, Get, Logger as NestLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import request from 'supertest';
import { Logger, LoggerModule } from './logger.module.js';

/** Lines written by the app, parsed. */
function sink() {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { lines, logger: pino({}, stream) };
}

describe('LoggerModule: NestJS logs as pino lines, the request id on those written during a request', () => {
  it('logs each request once and gives lines inside it the request, outside it none', async () => {
    const { lines, logger } = sink();
    @Controller('ping')
    class PingController {
      private readonly log = new NestLogger('Ping');
      @Get()
      ping() {
        this.log.log('pong');
        return { ok: true };
      }
    }
    @Module({
      imports: [LoggerModule.forRoot({ pinoHttp: { logger, genReqId: () => 'req-1' } })],
      controllers: [PingController],
    })
    class AppModule {}
    const app = await NestFactory.create(AppModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    app.setGlobalPrefix('api');
    await app.init();
    app.get(Logger).warn('outside');
    await request(app.getHttpServer()).get('/api/ping').expect(200);
    app.get(Logger).error('failed', 'Error: x\n    at y (z.js:1:1)', 'Ctx');
    await app.close();

    const pong = lines.find((l) => l.msg === 'pong');
    expect(pong).toMatchObject({
      level: 30,
      context: 'Ping',
      req: { id: 'req-1', method: 'GET', url: '/api/ping' },
    });
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    expect(lines.find((l) => l.msg === 'outside')).toMatchObject({ level: 40 });
    expect(lines.find((l) => l.msg === 'outside')).not.toHaveProperty('req');
    const failed = lines.find((l) => (l.err as { message?: string } | undefined)?.message === 'failed');
    expect(failed).toMatchObject({
      level: 50,
      context: 'Ctx',
      err: { stack: 'Error: x\n    at y (z.js:1:1)' },
    });
  });
});
