/** How many times a consumer applies an event on its own before it gives up on it (dead letter). */
export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Postgres error classes that say nothing about the event: the connection (08), a deadlock or
 * serialization failure (40), resources (53), an administrator or a restart (57). An event failing
 * with one of these is retried without end, as before: dead-lettering it would lose it to an outage.
 */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '40', '53', '57'];

/** Whether a handler's failure is the database's, not the event's. */
export function isTransientFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  // node-postgres and TypeORM say so in words when the connection itself is gone, or when Postgres
  // stopped answering (pg's own query timeout: a Postgres that hangs sends no statement timeout).
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Driver not Connected|Query read timeout/i.test(
    message,
  );
}

/**
 * The failed attempts at each message still being retried, by its position (topic, partition,
 * offset). Kept in memory: a process that restarts, or a partition that moves to another process,
 * starts counting again, so an event is tried at most `max` times per process that owns it.
 */
export class FailedAttempts {
  private readonly attempts = new Map<string, number>();

  constructor(readonly max: number = DEFAULT_MAX_ATTEMPTS) {}

  /** Counts one more failed attempt and answers how many there have been. */
  record(position: string): number {
    const attempts = (this.attempts.get(position) ?? 0) + 1;
    this.attempts.set(position, attempts);
    return attempts;
  }

  forget(position: string): void {
    this.attempts.delete(position);
  }

  /** Whether any message is being retried (so the hot path skips building positions otherwise). */
  get any(): boolean {
    return this.attempts.size > 0;
  }
}

/** A message's position, as FailedAttempts keys it. */
export function positionOf(topic: string, partition: number, offset: string): string {
  return `${topic}[${partition}]@${offset}`;
}
