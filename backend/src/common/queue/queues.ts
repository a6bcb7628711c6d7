/**
 * The typed catalogue of queues and jobs. Payloads carry ids only, never data or secrets.
 * Job ids never contain ':' (BullMQ reserves it). Every job name is listed with its payload in
 * `JobCatalogue` (end of this file); processors dispatch through `dispatchJob` (job-dispatch.ts), which
 * needs a handler per name and fails a job whose name is not in the catalogue.
 */
export const QUEUES = {
  SYSTEM: 'system',
  SHIPMENTS: 'shipments',
  ORDERS: 'orders',
  DIGEST: 'digest',
  SOURCES: 'sources',
  WEBHOOKS: 'webhooks',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const SYSTEM_JOBS = {
  PING: 'ping',
  /** Scheduled (once per fleet): revoke the Faire tokens queued in marketplace_token_revocations. */
  REVOKE_DROPPED_TOKENS: 'revoke-dropped-faire-tokens',
} as const;

export interface PingJob {
  sentAt: number;
}

export const SHIPMENT_JOBS = {
  CREATE: 'create-shipments',
  /** Turn a big upload's staged rows into shipments (and queue them). */
  MATERIALIZE: 'materialize-upload',
  /** Scheduled (once per fleet): re-queue rows and uploads left without a job. */
  RECOVERY_SWEEP: 'recovery-sweep',
} as const;

/** Shipment rows to create on Faire (ids only; the rows are in Postgres before the job exists). */
export interface CreateShipmentsJob {
  /** The ids, one order's after another. */
  shipmentIds: string[];
  /**
   * How many of `shipmentIds` belong to each order, in order (so the worker does not group them again).
   * Absent in jobs queued before it existed: the worker then groups the ids by their rows' order.
   */
  orderSizes?: number[];
  /**
   * The Faire account (brand id) whose permit the job was refused, written on the job then: its next
   * tries ask for that permit before reading any row, so a job waiting in a long line costs no reads.
   * Not a secret (a brand id); absent until a first refusal.
   */
  accountKey?: string;
}

/** An upload whose staged rows are to become shipments (the rows are in Postgres before the job exists). */
export interface MaterializeUploadJob {
  uploadId: string;
  /** BullMQ priority for the upload's shipment jobs (reviewed rows go first); by position when absent. */
  priority?: number;
}

/** Scheduled jobs carry no data. */
export type ScheduledJob = Record<string, never>;

export type ShipmentsQueueJob = CreateShipmentsJob | MaterializeUploadJob | ScheduledJob;

export const ORDER_JOBS = {
  SYNC: 'sync-orders',
  /** Scheduled (once per fleet): one SYNC job per connected company. */
  NIGHTLY: 'nightly-order-sync',
} as const;

export interface SyncOrdersJob {
  companyId: string;
  /**
   * Why it was queued: a person's refresh (another refresh joins it), Faire or a source just connected,
   * or the nightly run (a refresh waits for these and reads Faire again). Absent in older jobs.
   */
  reason?: 'refresh' | 'connected' | 'nightly';
}

export const DIGEST_JOBS = {
  SEND: 'send-daily-digest',
  /** Scheduled (once per fleet, 07:00 UTC): one SEND job per company with a recipient. */
  DAILY: 'daily-digest',
} as const;

/** One company's digest for one UTC day (YYYY-MM-DD); job id `digest-<companyId>-<day>`. */
export interface DailyDigestJob {
  companyId: string;
  day: string;
}

export const SOURCE_JOBS = {
  /** Read a connection's pending webhook deliveries. */
  EVENTS: 'source-events',
  /** Poll a connection from its high-water mark (webhooks get lost). */
  POLL: 'source-poll',
  /** Decide the connection's labels past their grace period. */
  RELEASE: 'source-release',
  /**
   * Decide now: the connection's held labels whose Faire order may have changed, and any label due (new
   * ones in "Hold for review", which has no grace).
   */
  RECHECK: 'source-recheck',
  /** Scheduled (once per fleet): queue the polls due, the deliveries waiting and the labels due. */
  TICK: 'source-tick',
} as const;

/** A source connection's work (its id only: credentials stay sealed in Postgres). */
export interface SourceConnectionJob {
  connectionId: string;
}

export const WEBHOOK_JOBS = {
  /** Send one delivery now, if it is still due (its retries are planned in Postgres, not in Redis). */
  DELIVER: 'webhook-deliver',
  /** Scheduled (once per fleet): turn new events into deliveries, then queue the deliveries due. */
  TICK: 'webhook-tick',
} as const;

/** A webhook delivery to send (its id only: the payload and the endpoint's secret stay in Postgres). */
export interface WebhookDeliveryJob {
  deliveryId: string;
}

/**
 * Every queue's jobs: each name with its payload. A processor's handlers are typed from this (one per
 * name, or it does not compile), and the worker checks at boot that each queue has them all.
 */
export interface JobCatalogue {
  [QUEUES.SYSTEM]: {
    [SYSTEM_JOBS.PING]: PingJob;
    [SYSTEM_JOBS.REVOKE_DROPPED_TOKENS]: ScheduledJob;
  };
  [QUEUES.SHIPMENTS]: {
    [SHIPMENT_JOBS.CREATE]: CreateShipmentsJob;
    [SHIPMENT_JOBS.MATERIALIZE]: MaterializeUploadJob;
    [SHIPMENT_JOBS.RECOVERY_SWEEP]: ScheduledJob;
  };
  [QUEUES.ORDERS]: {
    [ORDER_JOBS.SYNC]: SyncOrdersJob;
    [ORDER_JOBS.NIGHTLY]: ScheduledJob;
  };
  [QUEUES.DIGEST]: {
    [DIGEST_JOBS.SEND]: DailyDigestJob;
    [DIGEST_JOBS.DAILY]: ScheduledJob;
  };
  [QUEUES.SOURCES]: {
    [SOURCE_JOBS.EVENTS]: SourceConnectionJob;
    [SOURCE_JOBS.POLL]: SourceConnectionJob;
    [SOURCE_JOBS.RELEASE]: SourceConnectionJob;
    [SOURCE_JOBS.RECHECK]: SourceConnectionJob;
    [SOURCE_JOBS.TICK]: ScheduledJob;
  };
  [QUEUES.WEBHOOKS]: {
    [WEBHOOK_JOBS.DELIVER]: WebhookDeliveryJob;
    [WEBHOOK_JOBS.TICK]: ScheduledJob;
  };
}

/** The job names of queue `Q`. */
export type JobName<Q extends QueueName> = keyof JobCatalogue[Q] & string;

/** A job's payload, by queue and name. */
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobCatalogue[Q][N];

/** The names each queue carries, at run time (the boot check and the dispatch read them). */
export const JOB_NAMES: { readonly [Q in QueueName]: readonly JobName<Q>[] } = {
  [QUEUES.SYSTEM]: Object.values(SYSTEM_JOBS),
  [QUEUES.SHIPMENTS]: Object.values(SHIPMENT_JOBS),
  [QUEUES.ORDERS]: Object.values(ORDER_JOBS),
  [QUEUES.DIGEST]: Object.values(DIGEST_JOBS),
  [QUEUES.SOURCES]: Object.values(SOURCE_JOBS),
  [QUEUES.WEBHOOKS]: Object.values(WEBHOOK_JOBS),
};
