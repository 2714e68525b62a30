import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { WEBHOOK_CONFIG, type WebhookConfig } from '../webhook-config';
import { type ClaimedDelivery, DeliveryQueue } from './delivery-queue';
import { type PostOutcome, postWebhook } from './post-webhook';
import { nextRetryDelay } from './retry-schedule';
import { signatureHeader } from './signature';
import { resolveTarget, type Resolve, WEBHOOK_RESOLVE } from './target-guard';

export const USER_AGENT = 'shipping-webhooks/1.0';

/** Deliveries sent at once per round. */
const BATCH_SIZE = 20;

/**
 * Added to the attempt's timeout: room for the target's address lookup and for recording the
 * attempt, so a lease only lapses when its dispatcher died, and a delivery cut off by a crash is
 * sent again within seconds of the timeout rather than minutes.
 */
const LEASE_MARGIN_MS = 15_000;

const isDelivered = ({ statusCode }: PostOutcome) =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;

/**
 * Sends due deliveries: polls, and wakes at once when a delivery is stored or redelivered.
 * On shutdown it takes nothing new and waits for the attempts in flight, so none is cut in half.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly leaseToken = `dispatcher_${randomUUID()}`;
  private running?: Promise<void>;
  private stopping = false;
  private woken = false;
  private interruptSleep?: () => void;

  constructor(
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_RESOLVE) private readonly resolve: Resolve,
    private readonly queue: DeliveryQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
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
    while (!this.stopping) {
      this.woken = false;
      const sent = await this.round().catch((error: unknown) => {
        this.logger.error({ err: error }, 'webhook dispatch round failed');
        return 0;
      });
      if (sent === 0 && !this.woken) await this.sleep(this.config.pollIntervalMs);
    }
  }

  private async round(): Promise<number> {
    const claimed = await this.queue.claimDue(
      this.leaseToken,
      this.config.timeoutMs + LEASE_MARGIN_MS,
      BATCH_SIZE,
    );
    if (this.stopping) {
      await this.queue.release(this.leaseToken);
      return 0;
    }
    await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const at = new Date();
    const outcome = await this.send(delivery);
    const failures = delivery.attemptCount + 1 - delivery.retryFrom;
    await this.queue.record(delivery, this.leaseToken, {
      at,
      durationMs: Date.now() - at.getTime(),
      outcome,
      retryAfterMs: isDelivered(outcome)
        ? undefined
        : (nextRetryDelay(this.config.retryScheduleMs, failures) ?? null),
    });
  }

  /** The guard runs at every attempt: the host's addresses may have changed since registration. */
  private async send({ id, url, secret, body }: ClaimedDelivery): Promise<PostOutcome> {
    try {
      const target = new URL(url);
      const addresses = await resolveTarget(target, this.config.allowPrivateTargets, this.resolve);
      const timestamp = Math.floor(Date.now() / 1000);
      return await postWebhook({
        url: target,
        addresses,
        body,
        timeoutMs: this.config.timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'Webhook-Id': id,
          'Webhook-Signature': signatureHeader(secret, body, timestamp),
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
