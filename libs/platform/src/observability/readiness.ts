import { subscriptionsCatchingUp } from './subscription-progress';

/** One thing the process needs to take traffic: it is ready while `check` resolves. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
}

export interface ReadinessReport {
  ready: boolean;
  /** `ok`, or why not, per check. */
  checks: Record<string, string>;
}

/** How long a check may take before it counts as not answering. */
const CHECK_WAIT_MS = 2_000;

/**
 * Kubernetes' readiness: the process's store (and Kafka, where it uses it) answer, and every
 * subscription it started has caught up with the events present at its start.
 */
export class Readiness {
  constructor(private readonly checks: ReadinessCheck[] = []) {}

  add(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  async report(): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    await Promise.all(
      this.checks.map(async ({ name, check }) => {
        checks[name] = await withinWait(check()).then(
          () => 'ok',
          (error: unknown) => `not answering (${error instanceof Error ? error.message : String(error)})`,
        );
      }),
    );
    const catchingUp = subscriptionsCatchingUp();
    checks['subscriptions'] = catchingUp.length === 0 ? 'ok' : `catching up: ${catchingUp.join(', ')}`;
    return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
  }
}

function withinWait<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_WAIT_MS} ms`)), CHECK_WAIT_MS);
  });
  return Promise.race([work, gaveUp]).finally(() => clearTimeout(timer));
}
