import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { endpointContext, SecretBox } from '../secrets/secret-box';
import { SecretRewrapper } from '../secrets/secret-rewrapper';
import { WEBHOOK_CONFIG, type WebhookConfig } from '../webhook-config';
import { type ClaimedDelivery, DeliveryQueue } from './delivery-queue';
import { type PostOutcome, postWebhook } from './post-webhook';
import { nextRetryDelay } from './retry-schedule';
import { signatureHeaders } from './signature';
import { type ResolvedAddress, resolveTarget, type Resolve, WEBHOOK_RESOLVE } from './target-guard';

export const USER_AGENT = 'shipping-webhooks/1.0';

/**
 * Added to the attempt's timeout: room for the target's address lookup and for recording the
 * attempt, so a lease only lapses when its dispatcher died, and a delivery cut off by a crash is
 * sent again within seconds of the timeout rather than minutes.
 */
const LEASE_MARGIN_MS = 15_000;

/**
 * What the delivery log shows of a target the guard refused or could not resolve: no address, no
 * resolver error and no timing, which would tell a tenant about networks and names behind us.
 */
export const REFUSED_TARGET: PostOutcome = Object.freeze({
  statusCode: null,
  error: 'Not sent: the target host did not resolve to a public address.',
});

/** A secret under a key this instance lacks (see WEBHOOK_SECRET_KEYS): an operator's matter. */
const UNREADABLE_SECRET: PostOutcome = Object.freeze({
  statusCode: null,
  error: 'Not sent: the delivery could not be signed.',
});

/** A store that does not answer is asked again after a growing pause, up to this. */
const MAX_CLAIM_BACKOFF_MS = 5_000;

const isDelivered = ({ statusCode }: PostOutcome) =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * Sends due deliveries: polls, and wakes at once when a delivery is stored or redelivered or an
 * attempt ends. Attempts run side by side, up to WEBHOOK_CONCURRENCY in this process and
 * WEBHOOK_ENDPOINT_CONCURRENCY per endpoint and WEBHOOK_ACCOUNT_CONCURRENCY per account, and each
 * frees its slot as soon as it ends: an endpoint that never answers holds its own slots until the
 * timeout, and an account's endpoints no more than its share.
 * On shutdown it takes nothing new and waits for the attempts in flight, so none is cut in half.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly leaseToken = `dispatcher_${randomUUID()}`;
  private readonly inFlight = new Set<Promise<void>>();
  private running?: Promise<void>;
  private stopping = false;
  private woken = false;
  private interruptSleep?: () => void;

  constructor(
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_RESOLVE) private readonly resolve: Resolve,
    private readonly queue: DeliveryQueue,
    private readonly box: SecretBox,
    private readonly rewrapper: SecretRewrapper,
  ) {}

  /** Only after a clean start: a start refused for a missing secret key sends nothing. */
  onApplicationBootstrap(): void {
    this.running = this.rewrapper.sealed().then(
      () => this.run(),
      () => undefined,
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.interruptSleep?.();
    await this.running;
  }

  wake(): void {
    this.woken = true;
    this.interruptSleep?.();
  }

  private async run(): Promise<void> {
    let pause = this.config.pollIntervalMs;
    while (!this.stopping) {
      this.woken = false;
      const free = this.config.concurrency - this.inFlight.size;
      let started = 0;
      try {
        started = free > 0 ? await this.startDue(free) : 0;
        pause = this.config.pollIntervalMs;
      } catch (error) {
        this.logger.error({ err: error, retryInMs: pause }, 'webhook dispatch failed to claim deliveries');
        await this.sleep(pause);
        pause = Math.min(pause * 2, MAX_CLAIM_BACKOFF_MS);
        continue;
      }
      if (started === 0 && !this.woken) await this.sleep(this.config.pollIntervalMs);
    }
    await Promise.allSettled(this.inFlight);
  }

  /** Claims up to `free` deliveries and starts their attempts without waiting for them. */
  private async startDue(free: number): Promise<number> {
    const claimed = await this.queue.claimDue(
      this.leaseToken,
      this.config.timeoutMs + LEASE_MARGIN_MS,
      free,
      this.config.endpointConcurrency,
      this.config.accountConcurrency,
    );
    if (this.stopping) {
      await this.queue.release(this.leaseToken, claimed);
      return 0;
    }
    for (const delivery of claimed) {
      const attempt: Promise<void> = this.attempt(delivery)
        .catch((error: unknown) =>
          this.logger.error({ err: error }, `webhook delivery ${delivery.id}: recording its attempt failed`),
        )
        .finally(() => {
          this.inFlight.delete(attempt);
          this.wake();
        });
      this.inFlight.add(attempt);
    }
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const outcome = await this.send(delivery);
    const failures = delivery.attemptCount + 1 - delivery.retryFrom;
    await this.queue.record(delivery, this.leaseToken, {
      at,
      durationMs: outcome === REFUSED_TARGET ? 0 : Date.now() - at.getTime(),
      outcome,
      retryAfterMs: isDelivered(outcome)
        ? undefined
        : (nextRetryDelay(this.config.retryScheduleMs, failures) ?? null),
    });
  }

  /**
   * The guard runs at every attempt: the host's addresses may have changed since registration. A
   * target it refuses, or whose host does not resolve, is recorded as REFUSED_TARGET alone.
   */
  private async send({
    id,
    endpointId,
    eventType,
    url,
    storedSecret,
    body,
  }: ClaimedDelivery): Promise<PostOutcome> {
    let signingSecret: string;
    try {
      signingSecret = this.box.open(storedSecret, endpointContext(endpointId));
    } catch (error) {
      this.logger.error({ err: error }, `webhook endpoint ${endpointId}: its secret cannot be opened`);
      return UNREADABLE_SECRET;
    }
    let target: URL;
    let addresses: ResolvedAddress[];
    try {
      target = new URL(url);
      addresses = await resolveTarget(target, this.config.allowPrivateTargets, this.resolve);
    } catch {
      return REFUSED_TARGET;
    }
    try {
      const timestamp = Math.floor(Date.now() / 1000);
      return await postWebhook({
        url: target,
        addresses,
        body,
        timeoutMs: this.config.timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'Webhook-Event-Type': eventType,
          ...signatureHeaders(signingSecret, id, timestamp, body),
        },
      });
    } catch (error) {
      return { statusCode: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        done();
      }
      this.interruptSleep = finish;
    });
  }
}
