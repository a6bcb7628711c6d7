import { AppError } from '../../../common/errors/index.js';
import { REQUIRED_COLUMNS, applyColumnMapping, type ColumnMapping } from '@portal/shipment-rules';
import { ingestCsv } from './csv-ingest.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const HEADER = 'order_id,tracking_number,carrier,ship_date,shipping_cost';
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('ingestCsv', () => {
  it('numbers rows as a spreadsheet does: blank lines and quoted line breaks keep their place', async () => {
    const text = [
      HEADER,
      'bo_aaaaaaaa01,1Z999AA10123456784,UPS,2026-11-19,4.00',
      '',
      '"bo_aaaaaaaa02","1Z999AA10123456784","UPS ',
      'Ground",2026-11-19,"1,00"',
      'bo_aaaaaaaa03,1Z999AA10123456784,UPS,11/19/2026,2',
      '',
    ].join('\r\n');
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 4, 5]);
    expect(result.rows[1]!.raw.carrier).toBe('UPS \r\nGround');
    expect(result.totalRows).toBe(3);
    expect(result.rows[2]!.result.value?.shipDate).toBe('2026-11-19');
  });

  it('gives a short row empty cells, drops cells past the last header, and ignores repeated headers', async () => {
    const text = `${HEADER},Order_ID,\nbo_aaaaaaaa01,1Z999AA10123456784\nbo_aaaaaaaa02,1Z999AA10123456784,UPS,2026-11-19,1,bo_other,x,extra\n`;
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.headers).toEqual([
      'order_id',
      'tracking_number',
      'carrier',
      'ship_date',
      'shipping_cost',
      'order_id',
      // The empty header cell after the last named column is not a column.
    ]);
    expect(result.rows[0]!.raw).toMatchObject({ carrier: '', ship_date: '', shipping_cost: '' });
    expect(result.rows[0]!.result.errors.map((e) => e.code)).toContain('EMPTY_CARRIER');
    expect(result.rows[1]!.raw.order_id).toBe('bo_aaaaaaaa02');
    expect(Object.keys(result.rows[1]!.raw)).not.toContain('extra');
    expect(result.rows[1]!.result.valid).toBe(true);
  });

  it('reads semicolon files and marks a repeated order + tracking number as a repeat of its first row', async () => {
    const text = `${HEADER.replaceAll(',', ';')}\nbo_aaaaaaaa01;1Z999AA10123456784;UPS;2026-11-19;1.50\nBO_AAAAAAAA01;1z999aa10123456784;UPS;2026-11-19;1.50\n`;
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.delimiter).toBe(';');
    expect(result.rows[0]!.result.errors).toEqual([]);
    expect(result.validRows).toBe(2);
    expect(result.rows[1]!.duplicateOf).toBe(2);
    expect(result.rows[0]!.result.value?.shippingCostCents).toBe(150);
  });

  it('keeps a stray quote inside a field, as the browser does', async () => {
    const text = `${HEADER}\nbo_aaaaaaaa01,1Z999AA10123456784,UP"S,2026-11-19,1\n`;
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.totalRows).toBe(1);
    expect(result.rows[0]!.raw.carrier).toBe('UP"S');
  });

  it('refuses a quoted field that never closes, naming the row where it opens', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 5000; i++) {
      lines.push(`bo_aaaaaaaa01,1Z999AA1012345${String(i).padStart(4, '0')},UPS,2026-11-19,1`);
    }
    lines.push('bo_aaaaaaaa01,"1Z999AA10123456784,UPS,2026-11-19,1');
    lines.push('bo_aaaaaaaa01,1Z999AA10123456784,UPS,2026-11-19,1');
    const err = await ingestCsv(bytes(lines.join('\n')), undefined, NOW).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(
      'CSV parsing failed: row 5002 opens a quoted field that is never closed',
    );
  });

  it('parses a big file in slices, giving other work a turn in between', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 40_000; i++) {
      lines.push(
        `bo_aaaaaa${String(i % 9999).padStart(4, '0')},1Z999AA1${String(i).padStart(9, '0')},UPS,2026-11-19,1`,
      );
    }
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 0);
    try {
      const result = await ingestCsv(bytes(lines.join('\n')), undefined, NOW);
      expect(result.totalRows).toBe(40_000);
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(3);
  });

  const row = 'bo_aaaaaaaa01,1Z999AA10123456784,UPS,2026-11-19,1';
  const refused: Array<[string, () => string, string]> = [
    [
      'a header of 101 columns',
      () => `${HEADER},${Array.from({ length: 96 }, (_, i) => `x${i}`).join(',')}\n${row}\n`,
      'The header row has 101 columns; at most 100 are allowed',
    ],
    [
      'a header of 100,000 distinct columns (700 KB)',
      () => `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n${row}\n`,
      'The header row is longer than 32,768 characters; at most 100 columns are allowed',
    ],
    [
      'a 10 MB file without a line break',
      () => `${HEADER},${'x'.repeat(10 * 1024 * 1024)}`,
      'The header row is longer than 32,768 characters; at most 100 columns are allowed',
    ],
    [
      'a 40,000-character data line',
      () => `${HEADER}\n${row}\n${row},${'y'.repeat(40_000)}\n${row}\n`,
      'Line 3 is longer than 32,768 characters',
    ],
    [
      'a long line in a file with CR line breaks only',
      () => `${HEADER}\r${row}\r${'z'.repeat(40_000)}\r`,
      'Line 3 is longer than 32,768 characters',
    ],
    [
      'more than 300,000 rows',
      () => `${HEADER}\n${'a\n'.repeat(300_001)}`,
      'The file has more than 300,000 rows; split it into smaller files',
    ],
  ];

  it.each(refused)(
    'refuses %s with a 400 naming the limit, echoing nothing of the file',
    async (_name, make, message) => {
      const err = await ingestCsv(bytes(make()), undefined, NOW).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).message).toBe(message);
    },
  );

  it('accepts 100 columns, and empty header cells after the last named column do not count', async () => {
    const extra = Array.from({ length: 95 }, (_, i) => `x${i}`).join(',');
    const text = `${HEADER},${extra}${','.repeat(500)}\nbo_aaaaaaaa02,,UPS,2026-11-19,1\n${row}\n`;
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.headers).toHaveLength(100);
    expect(result.validRows).toBe(1);
    // A row with errors is kept with every column, as written.
    expect(Object.keys(result.rows[0]!.raw)).toHaveLength(100);
  });

  it('a long header is given back cut to 256 characters; a long cell makes only its row invalid', async () => {
    const text = `${HEADER},${'h'.repeat(5000)}\n${row},x\nbo_aaaaaaaa02,${'9'.repeat(20_000)},UPS,2026-11-19,1\n`;
    const result = await ingestCsv(bytes(text), undefined, NOW);
    expect(result.headers[5]).toBe(`${'h'.repeat(256)}…`);
    expect(result.validRows).toBe(1);
    expect(result.rows[1]!.result.errors.map((e) => e.message)).toEqual([
      'Tracking number is longer than 100 characters',
    ]);
  });

  const mappings: Array<[string, string, ColumnMapping | undefined]> = [
    ['no mapping', `${HEADER},notes`, undefined],
    ['a mapped column', 'Order #,tracking_number,carrier,ship_date,shipping_cost', { 'order #': 'order_id' }],
    [
      'a mapping key written differently',
      ' ORDER # ,tracking_number,carrier,ship_date,shipping_cost',
      { 'Order #': 'order_id' },
    ],
    ['a mapping over a column of the same name', `${HEADER},other`, { other: 'carrier' }],
    ['a repeated header (the first wins)', `${HEADER},carrier`, undefined],
    ['a mapping to a column the file lacks', `${HEADER}`, { missing: 'carrier' }],
  ];

  it.each(mappings)(
    'gives each row the fields applyColumnMapping would (%s)',
    async (_name, header, mapping) => {
      // Shipping costs no rule accepts: every row has errors, so ingest keeps it with every column.
      const text = `${header}\nbo_aaaaaaaa01,1Z999AA10123456784,UPS,2026-11-19,x,FedEx\nbo_aaaaaaaa02,,USPS,2026-11-19,y,z\n`;
      const result = await ingestCsv(bytes(text), mapping, NOW);
      expect(result.rows).toHaveLength(2);
      for (const row of result.rows) {
        expect(row.result.valid).toBe(false);
        const source = row.raw;
        const mapped = applyColumnMapping(source, mapping);
        const expected = Object.fromEntries(
          REQUIRED_COLUMNS.filter((f) => mapped[f] !== undefined).map((f) => [f, mapped[f]]),
        );
        expect(row.record).toEqual(expected);
      }
    },
  );
});
