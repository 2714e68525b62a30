import { performance } from 'node:perf_hooks';
import { type FencedLeases, type Lease, LeaseLost } from './fenced-leases';

/**
 * A lease (or a group of leases on one table, held and lost together) held while its work runs: renewed every third of its length, and lost (its `signal`
 * aborted with LeaseLost) when a renewal finds it taken or expired, or when no renewal got through
 * for a whole lease. The work asks `assertHeld` before each step it cannot undo (a purchase, a
 * charge or refund, an append): that asks the database, so a holder that was stalled learns there
 * that it lost the lease, before acting on it.
 */
export class HeldLease {
  private readonly controller = new AbortController();
  private readonly renewal: NodeJS.Timeout;
  private renewing?: Promise<void>;

  private readonly group: readonly Lease[];

  constructor(
    private readonly leases: FencedLeases,
    held: Lease | readonly Lease[],
  ) {
    this.group = 'token' in held ? [held] : held;
    let confirmedAt = performance.now();
    const leaseMs = leases.table.leaseMs;
    this.renewal = setInterval(() => {
      if (this.renewing || this.signal.aborted) return;
      const startedAt = performance.now();
      this.renewing = leases
        .renewAll(this.group)
        .then(
          (lost) => {
            if (lost.length === 0) confirmedAt = startedAt;
            else this.lose(lost[0]);
          },
          () => {
            if (performance.now() - confirmedAt >= leaseMs) this.lose(this.group[0]);
          },
        )
        .finally(() => (this.renewing = undefined));
    }, leaseMs / 3);
    this.renewal.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Throws LeaseLost unless the database still has the lease held under its token. */
  async assertHeld(): Promise<void> {
    this.signal.throwIfAborted();
    try {
      await this.leases.checkAll(this.group);
    } catch (error) {
      if (error instanceof LeaseLost) this.lose(error.lease);
      throw error;
    }
  }

  /** Stops renewing (the work ended); waits for a renewal under way. */
  async stop(): Promise<void> {
    clearInterval(this.renewal);
    await this.renewing;
  }

  private lose(lease: Lease): void {
    if (!this.signal.aborted) this.controller.abort(new LeaseLost(this.leases.table.name, lease));
  }
}
