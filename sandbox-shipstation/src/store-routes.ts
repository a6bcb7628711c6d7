// Control routes of the store client under /_sandbox/store: register a store, pull its export (now or
// on a schedule), list the orders seen, print a label or mark an order shipped (posting shipnotify).
import type { ControlRoutes } from '@portal/faire-sandbox/kit';
import type { ShipInput, StoreClient, StoreRegistration } from './store-client.js';

export function storeRoutes(store: StoreClient): ControlRoutes {
  return {
    'GET /store': () => [
      200,
      { store: store.registration(), orders: store.orders().length, lastError: store.lastError },
    ],
    'POST /store': ({ body }) => {
      store.register(body as StoreRegistration);
      return [200, { store: store.registration() }];
    },
    'GET /store/orders': () => [200, store.orders()],
    'POST /store/pull': async ({ obj }) => [
      200,
      await store.pull({
        startMs: typeof obj?.startMs === 'number' ? obj.startMs : undefined,
        endMs: typeof obj?.endMs === 'number' ? obj.endMs : undefined,
        wrongPassword: obj?.wrongPassword === true,
      }),
    ],
    'POST /store/schedule': ({ obj }) => {
      const ms = obj?.intervalMs;
      store.schedule(typeof ms === 'number' ? ms : null);
      return [200, { intervalMs: typeof ms === 'number' ? ms : null }];
    },
    'POST /store/ship': async ({ body }) => [201, await store.ship(body as ShipInput)],
  };
}
