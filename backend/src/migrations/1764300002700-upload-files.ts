import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A file's own form, kept so its failed rows go back to the brand as their own file (decision 0032):
 * `upload_layouts` (one row per upload that came from a file: byte order mark, the header row as
 * written, the line ending; the delimiter and the encoding are columns of `uploads`) and
 * `upload_lines` (the cells of every row as written, in pages of 250 rows, each page one JSON text:
 * text, not jsonb, because a cell may hold NUL, which JSON escapes and Postgres text cannot hold, and
 * because a page is only ever read whole).
 */
export class UploadFiles1764300002700 implements MigrationInterface {
  name = 'UploadFiles1764300002700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE upload_layouts (
        upload_id uuid PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
        bom boolean NOT NULL DEFAULT false,
        line_ending text NOT NULL CHECK (line_ending IN (E'\\r\\n', E'\\n', E'\\r')),
        header text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE upload_lines (
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        page_no integer NOT NULL,
        rows text NOT NULL,
        PRIMARY KEY (upload_id, page_no)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE upload_lines`);
    await q.query(`DROP TABLE upload_layouts`);
  }
}
