import type { SqlClient } from '../sql-client';
import { auditCheckpointsMigrations } from '../postgres/event-store.migrations';
import { migrate } from '../postgres/migrations';
import { eventStoreTables, type EventStoreTables } from '../postgres/schema';
import { toBigInt, toDate, toJson } from '../postgres/sql-values';
import type { AuditCheckpoint } from './audit-checkpoint';

interface CheckpointRow {
  sequence: string;
  commit_position: string;
  prepare_position: string;
  event_count: string;
  chain: string;
  heads: unknown;
  key_id: string;
  signature: string;
  created_at: unknown;
}

const columns = `sequence::text as sequence, commit_position::text as commit_position,
  prepare_position::text as prepare_position, event_count::text as event_count, chain, heads, key_id,
  signature, created_at`;

/** The signed audit checkpoints, in the SQL store beside the subscription checkpoints. */
export class SqlAuditCheckpoints {
  private readonly tables: EventStoreTables;

  constructor(
    private readonly client: SqlClient,
    options: { schema?: string } = {},
  ) {
    this.tables = eventStoreTables(options.schema);
  }

  async init(): Promise<void> {
    await migrate(this.client, auditCheckpointsMigrations(this.tables));
  }

  async latest(): Promise<AuditCheckpoint | undefined> {
    const { rows } = await this.client.query<CheckpointRow>(
      `select ${columns} from ${this.tables.auditCheckpoints} order by sequence desc limit 1`,
    );
    return rows[0] && toCheckpoint(rows[0]);
  }

  /** Every checkpoint, in sequence order. */
  async all(): Promise<AuditCheckpoint[]> {
    const { rows } = await this.client.query<CheckpointRow>(
      `select ${columns} from ${this.tables.auditCheckpoints} order by sequence`,
    );
    return rows.map(toCheckpoint);
  }

  /** Newest first: `limit` checkpoints after skipping the `offset` newest. */
  async newestFirst(offset: number, limit: number): Promise<AuditCheckpoint[]> {
    const { rows } = await this.client.query<CheckpointRow>(
      `select ${columns} from ${this.tables.auditCheckpoints} order by sequence desc offset $1 limit $2`,
      [offset, limit],
    );
    return rows.map(toCheckpoint);
  }

  /** False when another instance recorded a checkpoint of this sequence first. */
  async record(checkpoint: AuditCheckpoint): Promise<boolean> {
    const { rows } = await this.client.query(
      `insert into ${this.tables.auditCheckpoints}
         (sequence, commit_position, prepare_position, event_count, chain, heads, key_id, signature)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
       on conflict (sequence) do nothing returning sequence`,
      [
        checkpoint.sequence,
        checkpoint.position.commit.toString(),
        checkpoint.position.prepare.toString(),
        checkpoint.events.toString(),
        checkpoint.chain,
        JSON.stringify(
          checkpoint.heads.map((head) => ({
            stream: head.stream,
            revision: head.revision.toString(),
            hash: head.hash,
          })),
        ),
        checkpoint.keyId,
        checkpoint.signature,
      ],
    );
    return rows.length > 0;
  }
}

function toCheckpoint(row: CheckpointRow): AuditCheckpoint {
  const heads = toJson<{ stream: string; revision: string; hash: string }[]>(row.heads);
  return {
    sequence: Number(row.sequence),
    position: { commit: toBigInt(row.commit_position), prepare: toBigInt(row.prepare_position) },
    events: toBigInt(row.event_count),
    chain: row.chain,
    heads: heads.map((head) => ({ stream: head.stream, revision: BigInt(head.revision), hash: head.hash })),
    keyId: row.key_id,
    signature: row.signature,
    createdAt: toDate(row.created_at),
  };
}
