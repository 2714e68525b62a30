import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  endpointLimitMessage,
  REFUSED_URL_MESSAGE,
  NotFound,
  type RegisteredWebhookEndpointReply,
  registeredSecretContext,
  RegisterWebhookRequest,
  DEFAULT_WEBHOOK_EVENT_TYPES,
  UpdateWebhookRequest,
  validateRequest,
  type WebhookEventType,
  ValidationFailed,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  type WebhookEndpointView,
  type Tenant,
} from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { MESSAGE_SECRETS } from '@shipping/platform/secrets';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { randomBytes } from 'node:crypto';
import { resolveTarget, type Resolve, WEBHOOK_RESOLVE } from '../dispatch/target-guard';
import { endpointContext, SecretBox } from '../secrets/secret-box';
import { WEBHOOK_CONFIG, type WebhookConfig } from '../webhook-config';

export { endpointLimitMessage, REFUSED_URL_MESSAGE };

interface EndpointRow {
  id: string | number;
  url: string;
  event_types: WebhookEventType[];
  created_at: Date | string;
}

const ENDPOINT_COLUMNS = 'id, url, event_types, created_at';

const view = (row: EndpointRow): WebhookEndpointView => ({
  id: Number(row.id),
  url: row.url,
  events: row.event_types,
  created_at: new Date(row.created_at).toISOString(),
});

/** Repeats dropped, in the order first named; none named: what endpoints got before there were types. */
const eventTypes = (events: readonly WebhookEventType[] | undefined): WebhookEventType[] => [
  ...new Set(events ?? DEFAULT_WEBHOOK_EVENT_TYPES),
];

/**
 * A tenant's webhook endpoints (the account, in the mode of the key that registered them: decision
 * 101); an endpoint of the other mode is answered as another account's is. A removed one keeps its
 * row (its deliveries refer to it).
 */
@Injectable()
export class WebhookEndpoints {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_RESOLVE) private readonly resolve: Resolve,
    private readonly box: SecretBox,
    @Inject(MESSAGE_SECRETS) private readonly messageSecrets: SecretBox,
  ) {}

  /** The secret leaves sealed for the gateway: replies cross Kafka, where it must not be read. */
  async register(tenant: Tenant, body: unknown): Promise<RegisteredWebhookEndpointReply> {
    const { accountId, mode } = tenant;
    const validated = validateRequest(RegisterWebhookRequest, body);
    if (!validated.ok) throw new ValidationFailed(validated.errors);
    const { url, events } = validated.value;
    if (!this.config.allowPrivateTargets) await this.assertPublic(url);
    const secret = `whsec_${randomBytes(32).toString('hex')}`;
    // Registrations of one tenant run one at a time (the lock), so the limit holds under races.
    const row = await this.sql.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
        `webhook_endpoints:${accountId}:${mode}`,
      ]);
      const { rows: counted } = await tx.query<{ live: number }>(
        'select count(*)::int as live from webhook_endpoints where account_id = $1 and mode = $2 and deleted_at is null',
        [accountId, mode],
      );
      const limit = this.config.maxEndpointsPerAccount;
      if (counted[0].live >= limit) throw new AppError('validation_failed', endpointLimitMessage(limit));
      const { rows: ids } = await tx.query<{ id: string | number }>(
        "select nextval('webhook_endpoint_ids') as id",
      );
      const id = ids[0].id;
      const { rows } = await tx.query<EndpointRow>(
        `insert into webhook_endpoints (id, account_id, mode, url, secret, event_types, created_at)
         values ($1, $2, $3, $4, $5, $6::text[], now()) returning ${ENDPOINT_COLUMNS}`,
        [id, accountId, mode, url, this.box.seal(secret, endpointContext(id)), eventTypes(events)],
      );
      return rows[0];
    });
    const registered = view(row);
    return {
      ...registered,
      sealed_secret: this.messageSecrets.seal(secret, registeredSecretContext(accountId, registered.id)),
    };
  }

  async list(tenant: Tenant): Promise<WebhookEndpointView[]> {
    const { rows } = await this.sql.query<EndpointRow>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints where account_id = $1 and mode = $2 and deleted_at is null
       order by id`,
      [tenant.accountId, tenant.mode],
    );
    return rows.map(view);
  }

  /**
   * A new URL, new types, or both. Deliveries already stored keep going to the endpoint (to its new
   * URL); only events after the change are matched against the new types.
   */
  async update(tenant: Tenant, id: number, body: unknown): Promise<WebhookEndpointView> {
    const validated = validateRequest(UpdateWebhookRequest, body);
    if (!validated.ok) throw new ValidationFailed(validated.errors);
    const { url, events } = validated.value;
    await this.find(tenant, id);
    if (url !== undefined && !this.config.allowPrivateTargets) await this.assertPublic(url);
    const { rows } = await this.sql.query<EndpointRow>(
      `update webhook_endpoints set url = coalesce($4, url), event_types = coalesce($5::text[], event_types)
       where id = $1 and account_id = $2 and mode = $3 and deleted_at is null returning ${ENDPOINT_COLUMNS}`,
      [id, tenant.accountId, tenant.mode, url ?? null, events === undefined ? null : eventTypes(events)],
    );
    if (rows.length === 0) throw new NotFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE);
    return view(rows[0]);
  }

  /** Pending deliveries of a removed endpoint are failed: nobody asked for them any more. */
  async remove(tenant: Tenant, id: number): Promise<WebhookEndpointView> {
    return this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<EndpointRow>(
        `update webhook_endpoints set deleted_at = now()
         where id = $1 and account_id = $2 and mode = $3 and deleted_at is null
         returning ${ENDPOINT_COLUMNS}`,
        [id, tenant.accountId, tenant.mode],
      );
      if (rows.length === 0) throw new NotFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE);
      await tx.query(
        `update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = $1 and status = 'pending'`,
        [id],
      );
      return view(rows[0]);
    });
  }

  /** The caller's endpoint, or 404 for an unknown, removed, another account's or the other mode's one. */
  async find(tenant: Tenant, id: number): Promise<WebhookEndpointView> {
    const { rows } = await this.sql.query<EndpointRow>(
      `select ${ENDPOINT_COLUMNS} from webhook_endpoints
       where id = $1 and account_id = $2 and mode = $3 and deleted_at is null`,
      [id, tenant.accountId, tenant.mode],
    );
    if (rows.length === 0) throw new NotFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE);
    return view(rows[0]);
  }

  private async assertPublic(url: string): Promise<void> {
    try {
      await resolveTarget(new URL(url), false, this.resolve);
    } catch {
      throw ValidationFailed.field('url', REFUSED_URL_MESSAGE);
    }
  }
}
