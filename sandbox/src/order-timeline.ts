// When each event of a seeded order happens: its state, creation, processing, shipping, carrier scans and
// cancel/backorder/confirmation times, drawn for its profile relative to `now`.
import type { Prng } from './prng.js';
import { DAY, HOUR, sec, type Profile } from './seed-model.js';
import type { OrderState } from './types.js';

export interface Timeline {
  state: OrderState;
  created: number;
  processing: number | null;
  shipped: number | null;
  inTransit: number | null;
  delivered: number | null;
  /** Cancel / backorder / confirmation-request time. */
  event: number | null;
}

export function timeline(profile: Profile, rng: Prng, now: number): Timeline {
  const r = (minMs: number, maxMs: number): number => rng.between(minMs, maxMs);
  const t: Timeline = {
    state: 'NEW',
    created: 0,
    processing: null,
    shipped: null,
    inTransit: null,
    delivered: null,
    event: null,
  };
  const shippedBefore = (shipped: number): void => {
    t.shipped = shipped;
    t.processing = shipped - r(4 * HOUR, 2 * DAY);
    t.created = t.processing - r(2 * HOUR, 3 * DAY);
  };
  switch (profile) {
    case 'new':
      t.created = now - r(1 * HOUR, 20 * HOUR);
      break;
    case 'new_late':
      t.created = now - r(27 * HOUR, 5 * DAY);
      break;
    case 'processing':
      t.state = 'PROCESSING';
      t.processing = now - r(1 * HOUR, 18 * HOUR);
      t.created = t.processing - r(2 * HOUR, 3 * DAY);
      break;
    case 'processing_late':
      t.state = 'PROCESSING';
      t.processing = now - r(30 * HOUR, 6 * DAY);
      t.created = t.processing - r(2 * HOUR, 3 * DAY);
      break;
    case 'pre_transit':
      t.state = 'PRE_TRANSIT';
      shippedBefore(now - r(2 * HOUR, 20 * HOUR));
      t.inTransit = (t.shipped as number) + r(22 * HOUR, 30 * HOUR);
      t.delivered = t.inTransit + r(2 * DAY, 4 * DAY);
      break;
    case 'pre_transit_late':
      t.state = 'PRE_TRANSIT';
      shippedBefore(now - r(2.5 * DAY, 9 * DAY));
      break;
    case 'in_transit':
      t.state = 'IN_TRANSIT';
      shippedBefore(now - r(1.5 * DAY, 6.5 * DAY));
      t.inTransit = (t.shipped as number) + r(6 * HOUR, 30 * HOUR);
      t.delivered = now + r(6 * HOUR, 4 * DAY);
      break;
    case 'in_transit_late_lost':
      t.state = 'IN_TRANSIT';
      shippedBefore(now - r(9 * DAY, 20 * DAY));
      t.inTransit = (t.shipped as number) + r(8 * HOUR, 30 * HOUR);
      break;
    case 'in_transit_late_slow':
      t.state = 'IN_TRANSIT';
      shippedBefore(now - r(9 * DAY, 14 * DAY));
      t.inTransit = (t.shipped as number) + r(12 * HOUR, 36 * HOUR);
      t.delivered = now + r(1 * DAY, 3 * DAY);
      break;
    case 'delivered':
      t.state = 'DELIVERED';
      shippedBefore(now - r(4 * DAY, 75 * DAY));
      t.inTransit = (t.shipped as number) + r(8 * HOUR, 30 * HOUR);
      t.delivered = (t.shipped as number) + r(2 * DAY, 3.8 * DAY);
      break;
    case 'canceled': {
      t.state = 'CANCELED';
      t.created = now - r(2 * DAY, 45 * DAY);
      if (rng.chance(0.4)) t.processing = t.created + r(2 * HOUR, 1.5 * DAY);
      t.event = Math.min((t.processing ?? t.created) + r(3 * HOUR, 3 * DAY), now - HOUR);
      break;
    }
    case 'backordered':
      t.state = 'BACKORDERED';
      t.created = now - r(3 * DAY, 20 * DAY);
      t.processing = t.created + r(3 * HOUR, 1 * DAY);
      t.event = Math.min(t.processing + r(1 * DAY, 2 * DAY), now - HOUR);
      break;
    case 'pending_confirmation':
      t.state = 'PENDING_RETAILER_CONFIRMATION';
      t.created = now - r(2 * DAY, 10 * DAY);
      t.processing = rng.chance(0.5) ? t.created + r(3 * HOUR, 1 * DAY) : null;
      t.event = Math.min((t.processing ?? t.created) + r(6 * HOUR, 1.5 * DAY), now - HOUR);
      break;
  }
  const round = (v: number | null): number | null => (v === null ? null : sec(v));
  return {
    state: t.state,
    created: sec(t.created),
    processing: round(t.processing),
    shipped: round(t.shipped),
    inTransit: round(t.inTransit),
    delivered: round(t.delivered),
    event: round(t.event),
  };
}
