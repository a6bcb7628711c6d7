import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Clock } from '../../src/common/clock.js';
import type { AppConfig } from '../../src/common/config/index.js';
import { CompanyScope } from '../../src/common/database/company-scope.js';
import { decodeStagedSlice } from '../../src/modules/shipments/intake/staged-row.js';
import {
  ShipmentIntake,
  type IntakeRequest,
  type TypedRow,
} from '../../src/modules/shipments/intake/shipment-intake.service.js';
import { STAGE_ROWS } from '../../src/modules/shipments/intake/upload-staging.js';
import { UploadsRepository } from '../../src/modules/shipments/intake/uploads.repository.js';
import { FakeDb, FakeIntakeQueueing, FakeUploadsStaging } from '../fakes/fake-intake.js';
import { COMPANY_A } from '../fakes/fake-shipments-repository.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const INLINE_ROWS = 100;

function harness() {
  Logger.overrideLogger(false);
  const staging = new FakeUploadsStaging();
  const db = new FakeDb(staging);
  const queueing = new FakeIntakeQueueing();
  const clock = { now: () => new Date(NOW), nowMs: () => NOW.getTime() } as unknown as Clock;
  const config = { shipments: { inlineRows: INLINE_ROWS } } as unknown as AppConfig;
  jest.spyOn(UploadsRepository, 'in').mockReturnValue(staging.asRepository());
  const intake = new ShipmentIntake(db as unknown as DataSource, queueing.asQueueing(), clock, config);
  return { staging, db, queueing, intake };
}

/** A valid typed row of order `order` (10 characters after `bo_`). */
function typed(rowNumber: number, order: string, tracking: string, over: Partial<TypedRow> = {}): TypedRow {
  return {
    rowNumber,
    orderId: `bo_${order}`,
    trackingNumber: tracking,
    carrier: 'UPS',
    shipDate: '2026-11-19',
    shippingCostCents: 1250,
    ...over,
  };
}

function request(intake: ShipmentIntake, rows: TypedRow[], over: Partial<IntakeRequest> = {}): IntakeRequest {
  return {
    scope: CompanyScope.ofJob(COMPANY_A),
    sender: { userId: 'user-1' },
    sourceKind: 'UPLOAD',
    name: 'labels.csv',
    rows: intake.typedRows(rows),
    file: { size: 1234, encoding: 'utf-8', delimiter: ',', mapping: null },
    ...over,
  };
}

describe('ShipmentIntake', () => {
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('typed rows', () => {
    it('validates each row with the shared rules and marks a repeat with the row it repeats', () => {
      const rows = h.intake.typedRows([
        typed(1, 'abcdefgh01', '1Z999AA10123456784'),
        typed(2, 'abcdefgh01', '1z999aa1 0123456784'),
        typed(3, 'abcdefgh02', '', {}),
        typed(4, 'abcdefgh03', '9400111899223197428490', { carrier: 'USPS', carrierRaw: 'stamps_com' }),
      ]);
      expect(rows.map((r) => [r.rowNumber, r.result.valid, r.duplicateOf])).toEqual([
        [1, true, undefined],
        [2, true, 1],
        [3, false, undefined],
        [4, true, undefined],
      ]);
      expect(rows[2]!.result.errors.map((e) => e.field)).toEqual(['tracking_number']);
      // The record is what a file would have said, the source's own carrier name included.
      expect(rows[3]!.record).toEqual({
        order_id: 'bo_abcdefgh03',
        tracking_number: '9400111899223197428490',
        carrier: 'stamps_com',
        ship_date: '2026-11-19',
        shipping_cost: '1250',
      });
      expect(rows[0]!.raw).toBe(rows[0]!.record);
    });
  });

  describe('a small intake', () => {
    it('stages the upload, its rows and its rows with errors in one transaction, then makes shipments at once', async () => {
      h.queueing.answer = { queued: 2, repeats: 1, unqueued: 0 };
      const out = await h.intake.intake(
        request(h.intake, [
          typed(2, 'abcdefgh01', '1Z999AA10123456784'),
          typed(3, 'abcdefgh02', '1Z999AA10123456791', { carrierRaw: 'ups ground' }),
          typed(4, 'abcdefgh01', '1Z999AA10123456784'),
          typed(5, 'abcdefgh03', 'not a number!', { shippingCostCents: -5 }),
        ]),
      );
      expect(h.db.transactions).toBe(1);
      const [upload] = h.staging.committed.uploads;
      expect(upload).toMatchObject({
        companyId: COMPANY_A,
        userId: 'user-1',
        connectionId: null,
        source: 'UPLOAD',
        fileName: 'labels.csv',
        totalRows: 4,
        validRows: 3,
        invalidRows: 1,
        duplicateRows: 1,
        materializedAt: null,
        mapping: null,
        currency: null,
      });
      // One slice, an order's rows together in file order, in the compact stored form.
      expect(h.staging.committed.slices).toHaveLength(1);
      const slice = h.staging.committed.slices[0]!;
      expect(slice).toMatchObject({ uploadId: upload!.id, batchNo: 0, rowCount: 3 });
      expect(JSON.parse(slice.rows)).toEqual([
        [2, 'bo_abcdefgh01', '1Z999AA10123456784', 'UPS', 0, '2026-11-19', 1250, 0],
        [4, 'bo_abcdefgh01', '1Z999AA10123456784', 'UPS', 0, '2026-11-19', 1250, 2],
        [3, 'bo_abcdefgh02', '1Z999AA10123456791', 'UPS', 'ups ground', '2026-11-19', 1250, 0],
      ]);
      expect(h.staging.committed.invalid).toHaveLength(1);
      expect(h.staging.committed.invalid[0]!.rows.rowNumbers).toEqual([5]);
      expect(JSON.parse(h.staging.committed.invalid[0]!.rows.errors[0]!)).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'shipping_cost' })]),
      );
      // Materialized in the request: repeats in the file plus repeats of stored shipments.
      expect(h.queueing.materialized).toEqual([{ uploadId: upload!.id, priority: undefined }]);
      expect(h.queueing.jobs).toEqual([]);
      expect(out).toEqual({
        uploadId: upload!.id,
        duplicateRows: 2,
        queued: 2,
        materialized: true,
        queueUnavailable: false,
      });
    });

    it('says the queue was unavailable when some rows could not be queued', async () => {
      h.queueing.answer = { queued: 0, repeats: 0, unqueued: 1 };
      const out = await h.intake.intake(request(h.intake, [typed(2, 'abcdefgh01', '1Z999AA10123456784')]));
      expect(out).toMatchObject({ materialized: true, queueUnavailable: true, queued: 0 });
    });

    it('hands the upload to a worker when making its shipments fails in the request', async () => {
      h.queueing.materializeFails = true;
      const out = await h.intake.intake(
        request(h.intake, [typed(2, 'abcdefgh01', '1Z999AA10123456784')], { priority: 1 }),
      );
      const id = h.staging.committed.uploads[0]!.id;
      expect(h.queueing.jobs).toEqual([{ uploadId: id, jobId: `materialize-${id}`, priority: 1 }]);
      expect(out).toEqual({
        uploadId: id,
        duplicateRows: 0,
        queued: 1,
        materialized: false,
        queueUnavailable: false,
      });
    });
  });

  describe('a big intake', () => {
    it('keeps every order in one slice and leaves the shipments to a worker', async () => {
      // Orders of three rows, more rows than a slice holds.
      const rows: TypedRow[] = [];
      for (let i = 0; i < STAGE_ROWS + 100; i++) {
        const order = `order${String(Math.floor(i / 3)).padStart(5, '0')}`;
        rows.push(typed(i + 2, order, `TRACK${String(i).padStart(8, '0')}`, { carrier: 'OTHER' }));
      }
      const out = await h.intake.intake(request(h.intake, rows));
      const id = h.staging.committed.uploads[0]!.id;
      const slices = h.staging.committed.slices;
      expect(slices.map((s) => s.batchNo)).toEqual([0, 1]);
      expect(slices.reduce((n, s) => n + s.rowCount, 0)).toBe(rows.length);
      const ordersOf = (rowsJson: string) => new Set(decodeStagedSlice(rowsJson).map((r) => r.orderId));
      const [first, second] = slices.map((s) => ordersOf(s.rows));
      expect([...first!].filter((o) => second!.has(o))).toEqual([]);
      expect(slices[0]!.rowCount).toBeLessThanOrEqual(STAGE_ROWS);
      expect(h.queueing.materialized).toEqual([]);
      expect(h.queueing.jobs).toEqual([{ uploadId: id, jobId: `materialize-${id}`, priority: undefined }]);
      expect(out).toEqual({
        uploadId: id,
        duplicateRows: 0,
        queued: rows.length,
        materialized: false,
        queueUnavailable: false,
      });
    });

    it('answers with nothing queued when Redis did not take the job (the sweep queues it later)', async () => {
      h.queueing.redisDown = true;
      const rows = Array.from({ length: INLINE_ROWS + 1 }, (_, i) =>
        typed(i + 2, `order${String(i).padStart(5, '0')}`, `TRACK${String(i).padStart(8, '0')}`),
      );
      const out = await h.intake.intake(request(h.intake, rows));
      expect(h.staging.committed.uploads).toHaveLength(1);
      expect(out).toMatchObject({ queued: 0, materialized: false, queueUnavailable: true });
    });
  });

  it('stores an intake without a valid row as done, and queues nothing', async () => {
    const out = await h.intake.intake(request(h.intake, [typed(2, 'ab', '1Z999AA10123456784')]));
    const [upload] = h.staging.committed.uploads;
    expect(upload!.validRows).toBe(0);
    expect(upload!.materializedAt).toBeInstanceOf(Date);
    expect(h.staging.committed.slices).toEqual([]);
    expect(h.queueing.materialized).toEqual([]);
    expect(h.queueing.jobs).toEqual([]);
    expect(out).toEqual({
      uploadId: upload!.id,
      duplicateRows: 0,
      queued: 0,
      materialized: true,
      queueUnavailable: false,
    });
  });

  it('keeps nothing and queues nothing when a statement of the staging fails', async () => {
    h.staging.failOn = 'insertInvalidRows';
    await expect(
      h.intake.intake(
        request(h.intake, [typed(2, 'abcdefgh01', '1Z999AA10123456784'), typed(3, 'abcdefgh02', '')]),
      ),
    ).rejects.toThrow('connection lost during insertInvalidRows');
    expect(h.staging.committed).toEqual({ uploads: [], slices: [], invalid: [] });
    expect(h.queueing.materialized).toEqual([]);
    expect(h.queueing.jobs).toEqual([]);
  });

  it("records a connection's intake as the connection's, the file name cut to what is kept", async () => {
    await h.intake.intake(
      request(h.intake, [typed(2, 'abcdefgh01', '1Z999AA10123456784')], {
        sender: { connectionId: 'conn-1' },
        sourceKind: 'SHIPSTATION',
        name: 'x'.repeat(300),
      }),
    );
    const [upload] = h.staging.committed.uploads;
    expect(upload).toMatchObject({ userId: null, connectionId: 'conn-1', source: 'SHIPSTATION' });
    expect(upload!.fileName).toBe(`${'x'.repeat(255)}…`);
  });

  it("stores the file's layout and each row's cells as written, in the same transaction", async () => {
    const rows = h.intake.typedRows([typed(2, 'abcdefgh01', '1Z999AA10123456784')]);
    rows[0]!.cells = ['bo_abcdefgh01', '1Z999AA10123456784', 'UPS', '2026-11-19', '12.50'];
    await h.intake.intake({
      ...request(h.intake, []),
      rows,
      file: {
        size: 80,
        encoding: 'utf-8',
        delimiter: ',',
        mapping: null,
        layout: {
          bom: false,
          header: ['order_id', 'tracking_number', 'carrier', 'ship_date', 'cost'],
          lineEnding: '\n',
        },
      },
    });
    expect(h.db.statements.map((s) => s.sql.split('(')[0]!.trim())).toEqual([
      'INSERT INTO upload_layouts',
      'INSERT INTO upload_lines',
    ]);
    expect(h.db.statements[1]!.params).toContain(
      JSON.stringify([[2, ['bo_abcdefgh01', '1Z999AA10123456784', 'UPS', '2026-11-19', '12.50']]]),
    );
  });
});
