/**
 * The typed catalogue of queues and jobs. Payloads carry ids only, never data or secrets.
 * Job ids never contain ':' (BullMQ reserves it).
 */
export const QUEUES = {
  SYSTEM: 'system',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const SYSTEM_JOBS = {
  PING: 'ping',
} as const;

export interface PingJob {
  sentAt: number;
}
