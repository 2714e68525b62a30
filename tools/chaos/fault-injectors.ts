import { Client } from 'pg';
import type { DistributedRuntime, PrivateRedisServer, UspsMockServer } from '@shipping/testing';
import type { FaultKind, PlannedFault } from './fault-schedule';
import type { StallingReceiver } from './stalling-receiver';

export interface FaultTargets {
  runtime: DistributedRuntime;
  redis: PrivateRedisServer;
  receiver: StallingReceiver;
  /** USPS as the live shipper's label purchases reach it. */
  usps: UspsMockServer;
  /** The PostgreSQL server's own database, where backends are listed and terminated. */
  serverUrl: string;
}

export interface FaultOutcome {
  fault: PlannedFault;
  /** Skipped: its target was still down from an earlier fault; failed: the target did not come back. */
  result: 'injected' | 'skipped' | 'failed';
  detail?: string;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Ends every server process serving the runtime's databases, as an administrator or a failover would. */
async function terminateBackends(targets: FaultTargets): Promise<string> {
  const names = Object.values(targets.runtime.apps).map((app) => databaseOf(app.databaseUrl));
  const client = new Client({ connectionString: targets.serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = any($1::text[]) and pid <> pg_backend_pid()`,
      [names],
    );
    return `${rows.length} backends`;
  } finally {
    await client.end();
  }
}

const describeTarget = (fault: PlannedFault) =>
  fault.app === undefined ? fault.kind : `${fault.kind} ${fault.app}#${(fault.instance ?? 0) + 1}`;

/** The resource a fault takes down: a second fault on it while it is down is skipped. */
const resourceOf = (fault: PlannedFault) =>
  fault.kind === 'kill-instance' ? `${fault.app}#${(fault.instance ?? 0) + 1}` : fault.kind;

/** Injects planned faults, each lasting its duration before its target is brought back. */
export class FaultInjector {
  readonly outcomes: FaultOutcome[] = [];
  private readonly down = new Set<string>();
  private readonly running: Promise<void>[] = [];

  constructor(
    private readonly targets: FaultTargets,
    private readonly print: (line: string) => void,
  ) {}

  inject(fault: PlannedFault): void {
    const resource = resourceOf(fault);
    if (this.down.has(resource)) {
      this.record({ fault, result: 'skipped', detail: `${resource} still down` });
      return;
    }
    this.down.add(resource);
    this.print(`fault ${describeTarget(fault)}: injecting`);
    this.running.push(
      this.injectAndRecover(fault)
        .then(
          (detail) => this.record({ fault, result: 'injected', detail }),
          (error: unknown) =>
            this.record({
              fault,
              result: 'failed',
              detail: error instanceof Error ? error.message : String(error),
            }),
        )
        .finally(() => this.down.delete(resource)),
    );
  }

  /** Resolves once every fault injected so far has been recovered from. */
  async recovered(): Promise<void> {
    await Promise.all(this.running);
  }

  countsByKind(): Map<FaultKind, number> {
    const counts = new Map<FaultKind, number>();
    for (const { fault, result } of this.outcomes)
      if (result === 'injected') counts.set(fault.kind, (counts.get(fault.kind) ?? 0) + 1);
    return counts;
  }

  private record(outcome: FaultOutcome): void {
    this.outcomes.push(outcome);
    const detail = outcome.detail ? ` (${outcome.detail})` : '';
    this.print(`fault ${describeTarget(outcome.fault)}: ${outcome.result}${detail}`);
  }

  private async injectAndRecover(fault: PlannedFault): Promise<string> {
    const { runtime, redis, receiver, usps } = this.targets;
    switch (fault.kind) {
      case 'kill-instance': {
        const app = runtime.instances[fault.app ?? 'gateway'][fault.instance ?? 0];
        await app.kill();
        await pause(fault.durationMs);
        await app.restart();
        return `SIGKILL, started again after ${fault.durationMs} ms`;
      }
      case 'restart-broker':
        await runtime.broker.restart();
        return 'stopped and started';
      case 'terminate-pg-backends':
        return terminateBackends(this.targets);
      case 'stop-redis':
        await redis.stop();
        await pause(fault.durationMs);
        await redis.restart();
        return `down ${fault.durationMs} ms`;
      case 'stall-webhook-receiver':
        await receiver.stall(fault.durationMs);
        return `stalled ${fault.durationMs} ms`;
      case 'carrier-errors':
        usps.failFor(fault.durationMs);
        await pause(fault.durationMs);
        return `USPS answered 503 and 429 for ${fault.durationMs} ms`;
    }
  }
}
