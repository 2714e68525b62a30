/** The GatewayHttpConfig in force; read from the environment unless overridden. */
export const GATEWAY_HTTP_CONFIG = Symbol('GATEWAY_HTTP_CONFIG');
/** Where the JSON log lines go (a pino DestinationStream); null means stdout. */
export const LOG_DESTINATION = Symbol('LOG_DESTINATION');
/** The root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
/** The request-logging middleware every request passes through first. */
export const REQUEST_LOGGER = Symbol('REQUEST_LOGGER');

/** The hit log of requests without a valid key, by client address. */
export const UNAUTHENTICATED_HITS = Symbol('UNAUTHENTICATED_HITS');
