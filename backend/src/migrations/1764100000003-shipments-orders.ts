import { DEFAULT_THRESHOLDS, THRESHOLD_MIN_DAYS } from '@portal/shipment-rules';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads with every row they contained, shipments (one per company + order + tracking number) with
 * their attempts, synced orders, and the per-company late thresholds.
 */
export class ShipmentsOrders1764100000003 implements MigrationInterface {
  name = 'ShipmentsOrders1764100000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        source text NOT NULL CHECK (source IN ('UPLOAD', 'PROCESS')),
        file_name text NOT NULL,
        file_size integer NOT NULL DEFAULT 0,
        encoding text,
        delimiter text,
        column_mapping jsonb,
        total_rows integer NOT NULL DEFAULT 0,
        valid_rows integer NOT NULL DEFAULT 0,
        invalid_rows integer NOT NULL DEFAULT 0,
        duplicate_rows integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX uploads_company_created ON uploads (company_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE shipments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        order_id text NOT NULL,
        display_id text NOT NULL,
        tracking_number text NOT NULL,
        carrier text NOT NULL,
        carrier_raw text,
        ship_date date NOT NULL,
        shipping_cost_cents integer NOT NULL CHECK (shipping_cost_cents >= 0),
        status text NOT NULL DEFAULT 'PENDING'
          CHECK (status IN ('PENDING', 'SUCCESS', 'ORDER_NOT_FOUND', 'ORDER_STATUS_INCORRECT', 'FAILED')),
        error_message text,
        attempts integer NOT NULL DEFAULT 0,
        marketplace_shipment_id text,
        in_flight_since timestamptz,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CONSTRAINT shipments_one_per_tracking UNIQUE (company_id, order_id, tracking_number)
      )`);
    await q.query(
      `CREATE INDEX shipments_company_uploaded ON shipments (company_id, uploaded_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX shipments_company_status ON shipments (company_id, status, uploaded_at DESC)`,
    );
    await q.query(
      `CREATE INDEX shipments_pending ON shipments (status, updated_at) WHERE status = 'PENDING'`,
    );
    await q.query(`CREATE INDEX shipments_upload ON shipments (upload_id)`);
    await q.query(`CREATE INDEX shipments_order_trgm ON shipments USING gin (order_id gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX shipments_tracking_trgm ON shipments USING gin (tracking_number gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE upload_rows (
        id bigserial PRIMARY KEY,
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        raw jsonb NOT NULL,
        valid boolean NOT NULL,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
        shipment_id uuid REFERENCES shipments(id) ON DELETE SET NULL,
        duplicate boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX upload_rows_upload ON upload_rows (upload_id, row_number)`);
    await q.query(`
      CREATE TABLE shipment_attempts (
        id bigserial PRIMARY KEY,
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        outcome text NOT NULL,
        http_status integer,
        message text,
        marketplace_answer jsonb
      )`);
    await q.query(`CREATE INDEX shipment_attempts_shipment ON shipment_attempts (shipment_id, started_at)`);
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        faire_order_id text NOT NULL,
        display_id text NOT NULL,
        state text NOT NULL,
        is_open boolean NOT NULL DEFAULT true,
        faire_created_at timestamptz NOT NULL,
        faire_updated_at timestamptz NOT NULL,
        processing_at timestamptz,
        customer_name text,
        total_cents integer,
        expected_ship_date timestamptz,
        tracking_number text,
        carrier text,
        shipment_created_at timestamptz,
        estimated_payout_at timestamptz,
        is_problem boolean NOT NULL DEFAULT false,
        problem_reason text,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        CONSTRAINT orders_one_per_company UNIQUE (company_id, faire_order_id)
      )`);
    await q.query(`CREATE INDEX orders_company_open ON orders (company_id, is_open, state)`);
    await q.query(`
      CREATE TABLE company_settings (
        company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
        new_order_days integer NOT NULL DEFAULT ${DEFAULT_THRESHOLDS.newOrderDays} CHECK (new_order_days >= ${THRESHOLD_MIN_DAYS}),
        processing_days integer NOT NULL DEFAULT ${DEFAULT_THRESHOLDS.processingDays} CHECK (processing_days >= ${THRESHOLD_MIN_DAYS}),
        pre_transit_days integer NOT NULL DEFAULT ${DEFAULT_THRESHOLDS.preTransitDays} CHECK (pre_transit_days >= ${THRESHOLD_MIN_DAYS}),
        in_transit_days integer NOT NULL DEFAULT ${DEFAULT_THRESHOLDS.inTransitDays} CHECK (in_transit_days >= ${THRESHOLD_MIN_DAYS}),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE order_sync_state (
        company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
        last_success_at timestamptz,
        high_water_mark timestamptz,
        last_error text,
        last_error_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'order_sync_state',
      'company_settings',
      'orders',
      'shipment_attempts',
      'upload_rows',
      'shipments',
      'uploads',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
