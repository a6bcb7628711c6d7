import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FileLayout } from '@portal/shipment-rules';
import type { EntityManager } from 'typeorm';

/** Rows of the file per `upload_lines` page: the failed-rows file reads one page per statement. */
export const LINES_PAGE_ROWS = 250;
/** Pages written per INSERT statement (one text parameter each). */
const PAGES_PER_STATEMENT = 8;
/** Rows grouped into pages between two yields to the event loop. */
const YIELD_ROWS = 20_000;

/** The page a row number is on: rows 1-250 are page 0 (row 1 is the header), 251-500 page 1, ... */
export function linesPageOf(rowNumber: number): number {
  return Math.floor((rowNumber - 1) / LINES_PAGE_ROWS);
}

/** A row of a file as written: its number in the file and its cells. */
export interface WrittenRow {
  rowNumber: number;
  cells?: readonly string[];
}

/**
 * Stores how a file was written and its rows' cells as written (in the caller's transaction), so its
 * failed rows can go back as the brand's own file (decision 0032). Pages are JSON text: any cell, NUL
 * or a lone surrogate too, is escaped into plain text Postgres stores and gives back exactly.
 */
export async function insertUploadFile(
  tx: EntityManager,
  uploadId: string,
  layout: FileLayout,
  rows: readonly WrittenRow[],
): Promise<void> {
  await tx.query(`INSERT INTO upload_layouts (upload_id, bom, line_ending, header) VALUES ($1, $2, $3, $4)`, [
    uploadId,
    layout.bom,
    layout.lineEnding,
    JSON.stringify(layout.header),
  ]);
  const pages = new Map<number, Array<[number, readonly string[]]>>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % YIELD_ROWS === 0) await yieldToLoop();
    const r = rows[i]!;
    if (!r.cells) continue;
    const no = linesPageOf(r.rowNumber);
    let page = pages.get(no);
    if (!page) pages.set(no, (page = []));
    page.push([r.rowNumber, r.cells]);
  }
  const numbers = [...pages.keys()].sort((a, b) => a - b);
  for (let i = 0; i < numbers.length; i += PAGES_PER_STATEMENT) {
    if (i > 0) await yieldToLoop();
    const params: unknown[] = [uploadId];
    const values = numbers.slice(i, i + PAGES_PER_STATEMENT).map((no) => {
      params.push(no, JSON.stringify(pages.get(no)));
      return `($1, $${params.length - 1}::int, $${params.length}::text)`;
    });
    await tx.query(`INSERT INTO upload_lines (upload_id, page_no, rows) VALUES ${values.join(', ')}`, params);
  }
}
