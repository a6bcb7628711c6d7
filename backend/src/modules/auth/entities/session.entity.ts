import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A signed-in browser's server-side session (express-session's data, written by connect-pg-simple).
 * The auth module is its only reader and writer: the store reads a session with its caller in one
 * statement (decision 0026). No repository uses it; it says which module owns the table.
 */
@Entity('session')
export class Session {
  @PrimaryColumn({ type: 'varchar' })
  sid!: string;

  /** express-session's data: the user id, sign-in and last-activity times, an OAuth round trip's state. */
  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;
}
