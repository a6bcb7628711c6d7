import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CompanyScope } from '../../common/database/company-scope.js';
import { ActivityService } from '../activity/index.js';
import { ShipmentIntake, type StagedIntake } from '../shipments/index.js';
import { LabelBatch, type BatchCounts, type SendOverride } from './label-batch.js';
import { LabelFactsReader } from './label-facts.service.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceConnectors } from './source-connector.js';
import { SourceLabels, type LabelRow } from './source-labels.repository.js';
import type { ReleaseOutcomeView } from './sources-answers.dto.js';

export type { SendOverride } from './label-batch.js';

/** Labels decided per transaction. */
const RELEASE_BATCH = 200;
/** Transactions per release job at most (the tick queues the rest). */
const MAX_ROUNDS = 25;
/** Times a release waits for labels another statement holds, and how long each time. */
const BUSY_RETRIES = 10;
const BUSY_PAUSE_MS = 200;

function none(): ReleaseOutcomeView {
  return { sent: 0, alreadyOnFaire: 0, held: 0, dropped: 0, voided: 0, stillHeld: [] };
}

/**
 * Decides what becomes of labels past their grace, and of held labels whose Faire order may have
 * changed (decisions 0035, 0065, 0066). First, outside any transaction: the source is read again for
 * what it took back (a void always wins the hold), then the facts (`LabelFactsReader`). Then, per batch,
 * in one transaction, `LabelBatch` locks, decides and stages them (so a crash sends each label once or not
 * at all). A person's send and "Send now" go through the same steps.
 */
@Injectable()
export class SourceRelease {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly intake: ShipmentIntake,
    private readonly facts: LabelFactsReader,
    private readonly batch: LabelBatch,
    private readonly registry: SourceConnectors,
    private readonly activity: ActivityService,
  ) {}

  /** Every label of the connection to decide now, a batch per transaction. */
  async releaseDue(connectionId: string): Promise<ReleaseOutcomeView> {
    const total = none();
    const conn = await this.connections.byId(connectionId);
    if (!conn || conn.paused) return total;
    const connector = this.registry.get(conn.kind);
    let freshened = false;
    let busyRetries = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const peek = await this.labels.peekDue(connectionId, RELEASE_BATCH);
      if (peek.length === 0) break;
      if (!freshened && peek.some((r) => r.state === 'WAITING')) {
        // What the source took back since it was last read; a fault here leaves the labels waiting.
        await connector.freshen(conn);
        freshened = true;
        continue;
      }
      const facts = await this.facts.read(conn, connector, peek);
      let locked = 0;
      const done = await this.db.transaction(async (tx) => {
        const rows = await this.labels.takeDue(
          tx,
          connectionId,
          peek.map((r) => r.id),
        );
        locked = peek.length - rows.length;
        return rows.length ? this.batch.decide(tx, conn, connector, rows, facts, {}, false) : null;
      });
      if (done) add(total, await this.settleAndRecord(conn, connector.words.name, done));
      // Labels another statement held (a poll or a delivery storing them, for milliseconds) are taken
      // again shortly, not left for the next tick; ones another decision took are no longer due.
      if (locked > 0 && busyRetries < BUSY_RETRIES) {
        busyRetries += 1;
        await new Promise((r) => setTimeout(r, BUSY_PAUSE_MS));
        continue;
      }
      if (!done) break;
      // Labels left waiting on a capped lookup are taken again by the next round.
      if (peek.length < RELEASE_BATCH && (facts.pending.size === 0 || facts.failed)) break;
    }
    return total;
  }

  /** Sends what a batch staged and says, once per Faire shipment made, that the source sent it. */
  private async settleAndRecord(
    conn: { id: string; companyId: string },
    sourceName: string,
    done: { staged: StagedIntake | null; counts: BatchCounts },
  ): Promise<ReleaseOutcomeView> {
    const outcome = await this.settle(done.staged, done.counts);
    if (outcome.sent > 0 || outcome.alreadyOnFaire > 0) {
      // One entry per Faire shipment made: a repeat of one another source made is said as such.
      await this.activity.record({
        actor: null,
        companyId: conn.companyId,
        action: 'sources.received',
        target: sourceName,
        details: {
          source: sourceName,
          connectionId: conn.id,
          uploadId: done.staged?.uploadId ?? null,
          sent: outcome.sent,
          alreadyOnFaire: outcome.alreadyOnFaire,
          held: outcome.held,
          dropped: outcome.dropped,
        },
      });
    }
    return outcome;
  }

  /** A person sends held labels (with the order or cost they picked); labels still lacking something stay held. */
  async sendHeld(
    scope: CompanyScope,
    userId: string,
    ids: string[],
    override: SendOverride,
  ): Promise<ReleaseOutcomeView & { uploadIds: string[] }> {
    const total = { ...none(), uploadIds: [] as string[] };
    for (const [connectionId, peek] of group(await this.labels.peekHeld(scope, ids))) {
      const conn = await this.connections.byId(connectionId);
      if (!conn) continue;
      const connector = this.registry.get(conn.kind);
      const facts = await this.facts.read(conn, connector, peek, override.orderId);
      const done = await this.db.transaction(async (tx) => {
        const rows = await this.labels.takeHeld(
          tx,
          scope,
          peek.map((p) => p.id),
        );
        return this.batch.decide(tx, conn, connector, rows, facts, override, true, userId);
      });
      if (done.staged) total.uploadIds.push(done.staged.uploadId);
      add(total, await this.settle(done.staged, done.counts));
    }
    return total;
  }

  /**
   * "Send now": waiting labels leave their grace at once and are decided as the release would (the
   * source read for voids first); the connection's other labels due are decided with them.
   */
  async sendNow(scope: CompanyScope, ids: string[]): Promise<ReleaseOutcomeView> {
    const total = none();
    for (const connectionId of await this.labels.endGrace(scope, ids)) {
      add(total, await this.releaseDue(connectionId));
    }
    return total;
  }

  /** The intake makes shipments of what was staged; its repeats are labels already on Faire. */
  private async settle(staged: StagedIntake | null, counts: BatchCounts): Promise<ReleaseOutcomeView> {
    const outcome: ReleaseOutcomeView = {
      sent: counts.sent,
      alreadyOnFaire: counts.alreadyOnFaire,
      held: counts.held,
      dropped: counts.dropped,
      voided: counts.voided,
      stillHeld: counts.stillHeld,
    };
    if (!staged) return outcome;
    const made = await this.intake.finish(staged);
    if (made.materialized) {
      // A label staged as new that repeats a shipment stored meanwhile (a file, another source).
      const repeats = Math.max(0, made.duplicateRows - counts.alreadyStaged);
      outcome.sent = Math.max(0, outcome.sent - repeats);
      outcome.alreadyOnFaire += repeats;
    }
    return outcome;
  }
}

function add(total: ReleaseOutcomeView, o: ReleaseOutcomeView): void {
  total.sent += o.sent;
  total.alreadyOnFaire += o.alreadyOnFaire;
  total.held += o.held;
  total.dropped += o.dropped;
  total.voided += o.voided;
  total.stillHeld.push(...o.stillHeld);
}

function group(rows: LabelRow[]): Map<string, LabelRow[]> {
  const out = new Map<string, LabelRow[]>();
  for (const r of rows) {
    const list = out.get(r.connection_id) ?? [];
    list.push(r);
    out.set(r.connection_id, list);
  }
  return out;
}
