import type { Redis } from 'ioredis';

/** After a call Redis failed to answer, how long the store in this process answers before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 1_000;

export interface FallbackLogger {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/** What is logged, once each time it changes, about where the counts are kept. */
export interface FallbackMessages {
  shared: string;
  inProcess: string;
}

/**
 * Asks a store kept in Redis (`shared`) while Redis answers, and one kept in this process while it
 * does not: a disconnected client refuses at once (no offline queue) and a hung one after its
 * command timeout, and for the next REDIS_RETRY_AFTER_MS every question skips Redis. Each change of
 * store is logged once. The gateway's rate limits and the label app's carrier limits count so.
 */
export class RedisFallback<Store> {
  private counting?: 'shared' | 'in-process';
  private retryAt = 0;
  private stopped = false;

  constructor(
    private readonly redis: Redis,
    readonly shared: Store,
    readonly inProcess: Store,
    private readonly logger: FallbackLogger,
    private readonly messages: FallbackMessages,
    private readonly now: () => number = Date.now,
  ) {
    redis.on('error', (error: Error) => this.countInProcess(error.message));
    redis.on('ready', () => (this.retryAt = 0));
  }

  /** Whether the last question was answered in Redis, or none came yet and Redis is connected. */
  get isShared(): boolean {
    return this.counting === 'shared' || (this.counting === undefined && this.redis.status === 'ready');
  }

  async ask<T>(question: (store: Store) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      this.countInProcess(`connection ${this.redis.status}`);
      return question(this.inProcess);
    }
    if (this.now() < this.retryAt) return question(this.inProcess);
    try {
      const answer = await question(this.shared);
      this.countShared();
      return answer;
    } catch (error) {
      this.retryAt = this.now() + REDIS_RETRY_AFTER_MS;
      this.countInProcess(error instanceof Error ? error.message : String(error));
      return question(this.inProcess);
    }
  }

  /** Nothing more is logged: the client is being closed, and its errors are expected. */
  stop(): void {
    this.stopped = true;
  }

  private countShared(): void {
    if (this.counting === 'shared') return;
    this.counting = 'shared';
    this.logger.info(this.messages.shared);
  }

  private countInProcess(reason: string): void {
    if (this.counting === 'in-process' || this.stopped) return;
    this.counting = 'in-process';
    this.logger.warn({ reason }, this.messages.inProcess);
  }
}
