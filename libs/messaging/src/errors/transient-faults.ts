/**
 * SQLSTATEs of PostgreSQL that say the statement met a passing state of the server, not a fault
 * of the request: a retry may well succeed.
 */
const TRANSIENT_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or stopping
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = '08';

/** Errors of `pg` itself (no SQLSTATE) when the connection under a query is gone. */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** Node's socket errors: the peer went away or could not be reached. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** KafkaJS errors of a broker that did not answer or a connection that was lost. */
const TRANSIENT_KAFKA_ERRORS = new Set([
  'KafkaJSRequestTimeoutError',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSBrokerNotFound',
]);

/** How far down `cause` chains (and an AggregateError's errors) a fault is looked for. */
const MAX_DEPTH = 4;

/**
 * Whether an error is a passing fault of the infrastructure (a database connection lost or
 * terminated, a serialization failure or deadlock, too many connections, a broker timeout, a
 * network error) rather than a fault of the code or the request. Such a failure answers
 * 'unavailable' (503): the client may retry, and a keyed retry does the command once. Anything
 * else keeps its class.
 */
export function isTransientFault(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, name, message, cause, errors } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && isTransientCode(code)) return true;
  if (typeof name === 'string' && TRANSIENT_KAFKA_ERRORS.has(name)) return true;
  if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.includes(message)) return true;
  if (cause !== undefined && isTransientFault(cause, depth + 1)) return true;
  return (
    Array.isArray(errors) && errors.length > 0 && errors.every((each) => isTransientFault(each, depth + 1))
  );
}

function isTransientCode(code: string): boolean {
  if (NETWORK_ERROR_CODES.has(code)) return true;
  if (!/^[0-9A-Z]{5}$/.test(code)) return false;
  return TRANSIENT_SQLSTATES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS);
}
