import { DEFAULT_REQUEST_TIMEOUT_MS } from '../errors/send-request';
import { checkKafkaConnection, type KafkaConnection } from './kafka-security';

export interface KafkaTransportOptions extends KafkaConnection {
  /** The app's name: its handlers consume in group `shipping.<app>`, its replies come on `shipping.<app>.replies`. */
  app: string;
  /** Partitions of the topics this app creates: how many messages of one topic run at once, one per partition. */
  partitions?: number;
  /** A request not picked up within this time is skipped by its handler: its caller has answered "unavailable". */
  requestTimeoutMs?: number;
}

export const DEFAULT_PARTITIONS = 12;

/** How long an idle fetch waits on the broker; a stopping consumer waits for it, so shutdown does too. */
export const FETCH_WAIT_MS = 1_000;

/**
 * An app killed without leaving its group holds its partitions until its session times out, and a
 * restarted app cannot join before then: 10 s instead of kafkajs' 30 s. Handlers of one partition
 * run between heartbeats, so none may take that long (requests run beside the consumer, see KafkaServer).
 */
export const CONSUMER_SESSION = { sessionTimeout: 10_000, heartbeatInterval: 1_000 };

export type ResolvedKafkaOptions = Required<Omit<KafkaTransportOptions, 'tls' | 'sasl'>> &
  Pick<KafkaTransportOptions, 'tls' | 'sasl'>;

/** The options with their defaults; invalid security or replication options throw (KafkaConnectionError). */
export function resolvedOptions(options: KafkaTransportOptions): ResolvedKafkaOptions {
  checkKafkaConnection(options);
  return {
    ...options,
    partitions: options.partitions ?? DEFAULT_PARTITIONS,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    replicationFactor: options.replicationFactor ?? 1,
    minInsyncReplicas: options.minInsyncReplicas ?? 1,
  };
}
