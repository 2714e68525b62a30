import { Inject, Injectable, Optional, StreamableFile } from '@nestjs/common';
import { ValidationFailed } from '@shipping/contracts';
import {
  adapterOf,
  type AuditCheckpoint,
  auditBundle,
  type EventStore,
  type SqlClient,
  SqlAuditCheckpoints,
} from '@shipping/event-store';
import { AUDIT_CONFIG, type AuditConfig, readAuditConfig } from '@shipping/platform/audit';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { Readable } from 'node:stream';
import type { PageRequest } from '@shipping/contracts';
import type { AccountAuditExportQuery } from './audit-export-query';

/** A checkpoint as `GET /audit/checkpoints` publishes it: what was signed, the signature and when. */
export interface PublishedCheckpoint {
  sequence: number;
  position: { commit: string; prepare: string };
  events: string;
  chain: string;
  heads: { stream: string; revision: string; hash: string }[];
  key_id: string;
  signature: string;
  created_at: string | null;
}

/**
 * Audit bundles of the store this process opened (the whole store in the embedded runtime),
 * streamed line by line as $all is read: an export of any size holds one page in memory.
 */
@Injectable()
export class AuditExports {
  private readonly config: AuditConfig;
  private readonly checkpoints: SqlAuditCheckpoints;
  private tableReady?: Promise<void>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) sql: SqlClient,
    @Optional() @Inject(AUDIT_CONFIG) config?: AuditConfig,
  ) {
    this.config = config ?? readAuditConfig();
    this.checkpoints = new SqlAuditCheckpoints(sql);
  }

  /** `mode`: only that key mode's streams and the account's shared configuration (a merchant's key). */
  async bundle(
    account: string,
    query: AccountAuditExportQuery,
    mode?: 'test' | 'live',
  ): Promise<StreamableFile> {
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && from > to) throw new ValidationFailed({ from: ['The from must not be after the to.'] });
    await this.ready();
    const keys = this.config.keys.map(({ id, publicKey }) => ({ id, publicKey }));
    const lines = auditBundle(adapterOf(this.store), await this.checkpoints.all(), keys, {
      account,
      ...(mode ? { mode } : {}),
      ...(query.stream === undefined ? {} : { stream: query.stream }),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
    return new StreamableFile(Readable.from(lines), {
      type: 'application/jsonl; charset=utf-8',
      disposition: `attachment; filename="audit-${account}.jsonl"`,
    });
  }

  /** The page's checkpoints, newest first, and one more when a next page exists. */
  async checkpointsPage(page: PageRequest): Promise<PublishedCheckpoint[]> {
    await this.ready();
    const offset = (page.page - 1) * page.per_page;
    return (await this.checkpoints.newestFirst(offset, page.per_page + 1)).map(published);
  }

  /** The checkpoint job creates the table at start; a gateway may answer before its first round. */
  private ready(): Promise<void> {
    this.tableReady ??= this.checkpoints.init();
    return this.tableReady;
  }
}

function published(checkpoint: AuditCheckpoint): PublishedCheckpoint {
  return {
    sequence: checkpoint.sequence,
    position: {
      commit: checkpoint.position.commit.toString(),
      prepare: checkpoint.position.prepare.toString(),
    },
    events: checkpoint.events.toString(),
    chain: checkpoint.chain,
    heads: checkpoint.heads.map((head) => ({
      stream: head.stream,
      revision: head.revision.toString(),
      hash: head.hash,
    })),
    key_id: checkpoint.keyId,
    signature: checkpoint.signature,
    created_at: checkpoint.createdAt?.toISOString() ?? null,
  };
}
