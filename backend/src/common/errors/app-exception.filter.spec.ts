import { BadRequestException, Logger, type ArgumentsHost } from '@nestjs/common';
import { jest } from '@jest/globals';
import { AppError } from './app-error.js';
import { AppExceptionFilter } from './app-exception.filter.js';

function run(exception: unknown, filter = new AppExceptionFilter()) {
  const res = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(body: unknown) {
      this.body = body;
      return this;
    },
    end() {
      return this;
    },
  };
  const req = { method: 'GET', originalUrl: '/api/x?token=secret', path: '/api/x' };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  filter.catch(exception, host);
  return res;
}

describe('AppExceptionFilter', () => {
  it('maps a domain code to its status and {message}', () => {
    const res = run(new AppError('NOT_FOUND', 'Shipment not found'));
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ message: 'Shipment not found', code: 'NOT_FOUND' });
  });

  it('uses the default message of a code', () => {
    const res = run(new AppError('PAYLOAD_TOO_LARGE'));
    expect(res.statusCode).toBe(413);
    expect(res.body).toMatchObject({ message: 'File size must be less than 10MB' });
  });

  it('flattens Nest validation messages', () => {
    const res = run(new BadRequestException(['email must be an email', 'role is invalid']));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ message: 'email must be an email; role is invalid' });
  });

  it('turns an unknown error into a logged 500 with an error id and no internals', () => {
    const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const res = run(new Error('connection string postgres://user:pw@db leaked'));
    expect(res.statusCode).toBe(500);
    const body = res.body as { message: string; errorId: string };
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toContain(body.errorId);
    expect(JSON.stringify(body)).not.toMatch(/postgres|leaked|stack|at /);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('answers a malformed JSON body with 400', () => {
    const res = run(
      Object.assign(new Error('Unexpected token'), { status: 400, type: 'entity.parse.failed' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('answers a database outage 503 with Retry-After, logged once as a warning, not as errors', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const filter = new AppExceptionFilter();
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      for (const err of [
        refused,
        { message: 'query failed', driverError: refused },
        new Error('Connection terminated'),
      ]) {
        const res = run(err, filter);
        expect(res.statusCode).toBe(503);
        expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
        expect(res.headers['retry-after']).toBe('5');
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/database is unavailable/);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
