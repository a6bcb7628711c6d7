import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The currency an upload's rows are shown in until they are sent: the company's connection's at intake
 * (an upload is refused without a connection). The shipment history read the connection on every page
 * that had an unsent row, one statement of five per read while a big upload was in flight (decision
 * 0021); it now reads the upload's, in the same statement as the page. Older uploads keep NULL and fall
 * back to the connection as before.
 */
export class UploadCurrency1764200000800 implements MigrationInterface {
  name = 'UploadCurrency1764200000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ADD COLUMN currency varchar(3)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads DROP COLUMN currency`);
  }
}
