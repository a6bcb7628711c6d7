import type { AppConfig } from '../config/index.js';
import { loggerParams } from './logger.js';

describe('request log lines', () => {
  const params = loggerParams({ log: { level: 'info', pretty: false } } as AppConfig);
  const http = params.pinoHttp as { serializers: { req: (r: object) => { url: string } } };

  it("never carry a webhook's token or a query string", () => {
    const line = http.serializers.req({
      id: 'r1',
      method: 'POST',
      url: '/api/hooks/shipstation/s3cr3tT0ken?x=1',
    });
    expect(line.url).toBe('/api/hooks/shipstation/[redacted]');
    expect(http.serializers.req({ id: 'r2', method: 'GET', url: '/api/shipments?search=a' }).url).toBe(
      '/api/shipments',
    );
  });
});
