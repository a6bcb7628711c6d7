import { parseShipStationTime, shipStationTime } from './pacific-time.js';

describe('ShipStation times (Pacific wall time)', () => {
  it('reads wall time without an offset as Pacific, in winter and in summer', () => {
    expect(parseShipStationTime('2026-11-27T07:08:30.1230000')?.toISOString()).toBe(
      '2026-11-27T15:08:30.123Z',
    );
    expect(parseShipStationTime('2026-07-01 10:00:00')?.toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(parseShipStationTime('2026-07-01T10:00:00Z')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(parseShipStationTime('yesterday')).toBeNull();
    expect(parseShipStationTime(42)).toBeNull();
  });

  it('writes an instant back as the same wall time', () => {
    const d = new Date('2026-11-27T15:08:30.000Z');
    expect(shipStationTime(d)).toBe('2026-11-27 07:08:30');
    expect(parseShipStationTime(shipStationTime(d))?.getTime()).toBe(d.getTime());
  });
});
