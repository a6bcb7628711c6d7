import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { SOURCE_JOBS } from '../../../common/queue/queues.js';
import { OrderRecords } from '../../orders/index.js';
import type { SourceConnection } from '../entities/source-connection.entity.js';
import { holdMs } from '../source-connector.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceJobs } from '../source-jobs.js';
import { SourceLabels } from '../source-labels.repository.js';
import { basicCredentials, sameText, verifyStorePassword } from './store-credentials.js';
import { parseStoreDate } from './store-dates.js';
import { noticeLabel, StoreRefusal } from './store-notice.js';
import { exportXml, parseShipNotice, StoreXmlError } from './store-xml.js';

/** Orders per export page (ShipStation asks for each page in turn). */
export const STORE_PAGE_SIZE = 50;
/** The widest window one export reads (ShipStation's refreshes ask for days, not years). */
const MAX_WINDOW_MS = 400 * 24 * 3600 * 1000;
const STORE_ID = /^[A-Za-z0-9_-]{32}$/;

/** The answer to a refused call: the status and its message (401 names neither the store nor why). */
export class StoreCallError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The ShipStation Custom Store endpoint (decision 0071): Basic auth per store, then `export` (the
 * company's Faire orders still to ship, changed in the window, one page) or `shipnotify` (one label
 * on the ShipStation connection, decided by the same release as every label).
 */
@Injectable()
export class StoreEndpoint {
  private readonly logger = new Logger('ShipStationStore');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: SourceConnections,
    private readonly orders: OrderRecords,
    private readonly labels: SourceLabels,
    private readonly jobs: SourceJobs,
  ) {}

  /** The store's connection when the call's credentials open it; a 401 otherwise, the same for all. */
  async authenticate(storeId: string, authorization: unknown): Promise<SourceConnection> {
    const creds = basicCredentials(authorization);
    const conn = STORE_ID.test(storeId) ? await this.connections.byStoreId(storeId) : null;
    const live = conn && !conn.disconnectedAt && conn.kind === 'SHIPSTATION' ? conn : null;
    // The password is checked (or a decoy, as long) whatever else is wrong, so timing tells nothing.
    const passwordOk = await verifyStorePassword(creds?.password ?? '', live?.storePasswordHash ?? null);
    const userOk = sameText(creds?.username ?? '', live?.storeUsername ?? '');
    if (!live || !creds || !passwordOk || !userOk) {
      throw new StoreCallError(401, 'The store username or password is wrong');
    }
    return live;
  }

  /** One page of the export as Custom Store XML. */
  async export(conn: SourceConnection, q: Record<string, unknown>): Promise<string> {
    const from = parseStoreDate(q.start_date);
    const to = parseStoreDate(q.end_date);
    if (!from || !to) {
      throw new StoreCallError(400, 'start_date and end_date are required, as MM/dd/yyyy HH:mm in UTC');
    }
    if (to < from || to.getTime() - from.getTime() > MAX_WINDOW_MS) {
      throw new StoreCallError(400, 'end_date must follow start_date, within 400 days');
    }
    const page = q.page === undefined || q.page === '' ? 1 : Number(q.page);
    if (!Number.isInteger(page) || page < 1 || page > 100_000) {
      throw new StoreCallError(400, 'page must be a whole number from 1');
    }
    // The window is to the minute: its last minute is included whole.
    const end = new Date(to.getTime() + 59_999);
    const states = conn.acceptNewOrders ? ['NEW', 'PROCESSING'] : ['PROCESSING'];
    const { total, orders } = await this.orders.storePage(CompanyScope.ofJob(conn.companyId), {
      states,
      from,
      to: end,
      offset: (page - 1) * STORE_PAGE_SIZE,
      limit: STORE_PAGE_SIZE,
    });
    const pages = Math.max(1, Math.ceil(total / STORE_PAGE_SIZE));
    this.logger.log(`Store ${conn.id}: export page ${page}/${pages}, ${orders.length} order(s)`);
    return exportXml(
      orders.map((o) => ({
        orderId: o.faireOrderId,
        orderNumber: o.displayId,
        orderDate: o.createdAt,
        status: o.state,
        lastModified: o.modifiedAt,
        totalCents: o.totalCents,
        retailer: o.customerName,
        expectedShipDate: o.expectedShipDate,
        shipTo: o.shipTo,
        items: o.items,
      })),
      pages,
    );
  }

  /** A ship notice: stored once as a label of the connection, decided after its grace. */
  async shipNotify(conn: SourceConnection, q: Record<string, unknown>, body: unknown): Promise<void> {
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
    let label;
    try {
      label = noticeLabel(parseShipNotice(text), q);
    } catch (err) {
      if (err instanceof StoreXmlError || err instanceof StoreRefusal) {
        throw new StoreCallError(400, err.message);
      }
      throw err;
    }
    if (!label) return; // no tracking number: nothing to send
    const faireOrderId = label.orderRefs.orderNumber!;
    const stored = await this.orders.find(CompanyScope.ofJob(conn.companyId), [faireOrderId]);
    if (!stored.has(faireOrderId)) {
      // Another company's order and an order nobody has read the same.
      throw new StoreCallError(404, 'No Faire order of this store has that OrderID');
    }
    const delay = holdMs(conn, this.config.sources.graceMs);
    await this.labels.record(conn.id, conn.companyId, [label], delay);
    this.logger.log(`Store ${conn.id}: ship notice for ${faireOrderId} stored`);
    if (conn.paused) return;
    if (delay > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, conn.id, delay);
    else await this.jobs.add(SOURCE_JOBS.RECHECK, conn.id);
  }
}
