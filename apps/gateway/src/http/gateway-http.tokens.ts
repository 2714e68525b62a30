/** The GatewayHttpConfig in force; read from the environment unless overridden. */
export const GATEWAY_HTTP_CONFIG = Symbol('GATEWAY_HTTP_CONFIG');
/** Where the JSON log lines go (a pino DestinationStream); null means stdout. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
/** The root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
/** The request-logging middleware every request passes through first. */
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

/**
 * Where rate-limit hits are counted (a ThrottlerStorage): the per-key limit and the limit on
 * requests without a valid key, in Redis when REDIS_URL is set, else in this process.
 */
export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');
