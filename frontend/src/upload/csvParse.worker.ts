/// <reference lib="webworker" />
import { parseCsvForReview } from './csvParse';
import type { ParseRequest, ParseResponse } from './parseProtocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, file, mapping, now, currency, dateOrder } = event.data;
  file
    .arrayBuffer()
    .then((buffer) => {
      const result = parseCsvForReview(new Uint8Array(buffer), {
        mapping,
        now: now ? new Date(now) : undefined,
        currency,
        dateOrder,
      });
      scope.postMessage({ id, ok: true, result } satisfies ParseResponse);
    })
    .catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      scope.postMessage({ id, ok: false, message } satisfies ParseResponse);
    });
};
