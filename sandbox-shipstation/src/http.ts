import type { IncomingMessage } from 'node:http';
import { readBody as readKitBody } from '@portal/faire-sandbox/kit';

export { parseJsonBody, sendJson } from '@portal/faire-sandbox/kit';

/** Label requests carry whole orders, so this sandbox takes larger bodies than the Faire one. */
export const MAX_BODY_BYTES = 2_000_000;

export const readBody = (req: IncomingMessage): Promise<Buffer> => readKitBody(req, MAX_BODY_BYTES);
