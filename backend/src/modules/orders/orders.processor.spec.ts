import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { OrdersProcessor } from './orders.processor.js';
import type { OrdersSyncService } from './orders-sync.service.js';

describe('nightly order sync', () => {
  it('enqueues one job per connected company and contains each failure', async () => {
    const enqueue = jest.fn(async (companyId: string) => {
      if (companyId === 'c2') throw new Error('redis hiccup');
      return {};
    });
    const sync = {
      connectedCompanies: jest.fn(async () => ['c1', 'c2', 'c3']),
      enqueue,
    } as unknown as OrdersSyncService;
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new OrdersProcessor(sync, {} as never, {} as never).nightly();
    expect(enqueue.mock.calls.map((c) => c[0])).toEqual(['c1', 'c2', 'c3']);
    expect(error).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
  });
});
