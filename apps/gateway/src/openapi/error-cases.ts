import { INVALID_ITEMS_MESSAGE, NO_RATE_MESSAGE, NOT_READY_MESSAGE } from '@shipping/batch-domain';
import {
  INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE,
  INSUFFICIENT_CREDIT_MESSAGE,
} from '@shipping/ledger-domain';
import {
  accountNotFoundMessage,
  asOfPastEndMessage,
  apiKeyNotFoundMessage,
  BATCH_NOT_FOUND_MESSAGE,
  carrierUnavailableMessage,
  credentialsRefusedMessage,
  DELIVERY_IN_FLIGHT_MESSAGE,
  endpointLimitMessage,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  INSTANT_SHIP_SERVICE_MESSAGE,
  INSTANT_SHIP_SHIPPER_MESSAGE,
  INSTANT_SHIP_UNAVAILABLE_MESSAGE,
  INVALID_DATA_MESSAGE,
  noCarrierCredentialsMessage,
  PICKUP_NOT_SAVED_MESSAGE,
  REFUSED_URL_MESSAGE,
  SHIPPER_NOT_ELIGIBLE_MESSAGE,
  shipperNotFoundMessage,
  VALID_FROM_ADDRESS_MESSAGE,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
} from '@shipping/contracts';
import {
  PICKUP_NOT_FOUND_MESSAGE,
  pickupNotChangeableMessage,
  pickupStillSchedulingMessage,
  UNKNOWN_PICKUP_MESSAGE,
} from '@shipping/pickup-domain';
import { UNAVAILABLE_MESSAGE } from '@shipping/messaging';
import { STILL_RUNNING_MESSAGE } from '@shipping/platform/idempotency';
import { notReadyMessage, STORE_NOT_ANSWERING_MESSAGE } from '../health/health-messages';
import { NOT_FOUND_MESSAGE } from '../http/auth/pre-authentication';
import { UNAUTHENTICATED_MESSAGE } from '../http/auth/api-key.guard';
import { MALFORMED_JSON_MESSAGE } from '../http/body/body-parsers';
import { UNREADABLE_BODY_MESSAGE } from '../http/body/read-body';
import { HEADERS_TOO_LARGE_MESSAGE, UNREADABLE_REQUEST_MESSAGE } from '../http/client-errors';
import { API_VERSIONS, unknownVersionMessage } from '../http/versioning/api-version';
import {
  bodyTooDeepMessage,
  bodyTooLargeMessage,
  IDEMPOTENCY_KEY_FORMAT_MESSAGE,
  undecodableParamMessage,
} from '../http/gateway-messages';
import { DEFAULT_GATEWAY_HTTP_CONFIG } from '../http/gateway-http-config';
import { IN_PROGRESS_MESSAGE } from '../http/idempotency/idempotency.interceptor';
import { RATE_LIMITED_MESSAGE } from '../http/rate-limit/gateway-throttler.guard';
import {
  LABEL_FILE_NOT_FOUND_MESSAGE,
  LABEL_LINK_EXPIRED_MESSAGE,
  LABEL_LINK_INVALID_MESSAGE,
} from '../labels/label-messages';

/** The `data` of a failure, by the envelope schema that describes it. */
export type ErrorEnvelopeName = 'ErrorEnvelope' | 'ValidationErrorEnvelope' | 'InvalidItemsErrorEnvelope';

/** One way a route fails: its status, its message (the very constant the code answers) and its `data`. */
export interface ErrorCase {
  status: number;
  summary: string;
  message: string;
  /** Set when parts of the message vary (ids, limits, a carrier's words): every such message matches it. */
  pattern?: string;
  envelope: ErrorEnvelopeName;
  data?: unknown;
}

/** The text of a message made by `template`, with `.+` where its arguments go (a number argument is only interpolated). */
function patternOf(template: (...parts: string[]) => string): string {
  const marker = '\u0000';
  const escaped = template(marker, marker, marker).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${escaped.split(marker).join('.+')}$`;
}

const plain = (status: number, summary: string, message: string): ErrorCase => ({
  status,
  summary,
  message,
  envelope: 'ErrorEnvelope',
});

const varying = (
  status: number,
  summary: string,
  template: (...parts: string[]) => string,
  ...sample: string[]
): ErrorCase => ({ ...plain(status, summary, template(...sample)), pattern: patternOf(template) });

const fields = (summary: string, data: Record<string, string[]>): ErrorCase => ({
  status: 422,
  summary,
  message: INVALID_DATA_MESSAGE,
  envelope: 'ValidationErrorEnvelope',
  data,
});

const { bodyLimit, maxBodyDepth } = DEFAULT_GATEWAY_HTTP_CONFIG;

/** Every failure a route can answer, named for the examples of the document. */
export const ERROR_CASES = {
  malformedJson: plain(400, 'A body that is not JSON', MALFORMED_JSON_MESSAGE),
  unreadableBody: plain(400, 'A body in a charset other than UTF-8', UNREADABLE_BODY_MESSAGE),
  bodyTooDeep: varying(
    400,
    'A body nested too deeply (MAX_BODY_DEPTH)',
    bodyTooDeepMessage as unknown as (depth: string) => string,
    String(maxBodyDepth),
  ),
  badIdempotencyKey: plain(
    400,
    'An Idempotency-Key that is not 1-255 printable characters',
    IDEMPOTENCY_KEY_FORMAT_MESSAGE,
  ),
  undecodablePath: varying(400, 'A path escape that is no UTF-8', undecodableParamMessage, '%E0%A4%A'),
  unreadableRequest: plain(400, 'A request line Node cannot read', UNREADABLE_REQUEST_MESSAGE),
  unknownVersion: varying(
    400,
    'A Shipping-Version that is not a version of this API',
    unknownVersionMessage,
    '"1999-01-01"',
    API_VERSIONS.join(', '),
  ),
  unauthenticated: plain(401, 'Missing or unknown API key', UNAUTHENTICATED_MESSAGE),
  batchCredit: plain(
    402,
    'The credit does not cover the batch; nothing is charged',
    INSUFFICIENT_CREDIT_MESSAGE,
  ),
  parcelCredit: plain(
    402,
    'The credit does not cover the parcel; nothing is charged',
    INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE,
  ),
  labelLinkInvalid: plain(403, 'A label link with a bad or missing signature', LABEL_LINK_INVALID_MESSAGE),
  labelLinkExpired: plain(403, 'A label link past its expiry', LABEL_LINK_EXPIRED_MESSAGE),
  batchNotFound: plain(404, "No batch of the caller's account has this id", BATCH_NOT_FOUND_MESSAGE),
  webhookNotFound: plain(
    404,
    "No endpoint of the caller's account has this id",
    WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  ),
  deliveryNotFound: plain(
    404,
    'No delivery of this endpoint has this id',
    WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  ),
  labelFileNotFound: plain(404, 'The signed file is not stored (any more)', LABEL_FILE_NOT_FOUND_MESSAGE),
  adminOff: plain(404, 'The admin API while ADMIN_API_KEY is unset', NOT_FOUND_MESSAGE),
  accountNotFound: varying(404, 'No account has this id', accountNotFoundMessage, 'acct_8kq2'),
  apiKeyNotFound: varying(
    404,
    'The account has no API key with this id',
    apiKeyNotFoundMessage,
    'acct_8kq2',
    'key_3f9a',
  ),
  shipperNotFound: varying(
    404,
    'The account has no shipper with this id',
    shipperNotFoundMessage,
    'acct_8kq2',
    '7',
  ),
  noCredentials: varying(404, 'The shipper has no stored credentials', noCarrierCredentialsMessage, '7'),
  keyInProgress: plain(
    409,
    'The first request with this Idempotency-Key is still running',
    IN_PROGRESS_MESSAGE,
  ),
  batchNotReady: plain(
    409,
    'The batch is not ready (still validating, invalid, or shipped)',
    NOT_READY_MESSAGE,
  ),
  pickupNotChangeable: varying(
    409,
    'A pickup its carrier scheduled or refused cannot be revised',
    pickupNotChangeableMessage,
    '100001',
    'scheduled',
  ),
  pickupStillScheduling: varying(
    409,
    'The carrier is still being asked to schedule the pickup',
    pickupStillSchedulingMessage,
    '100001',
  ),
  pickupRefusedByCarrier: varying(
    422,
    "The carrier refused the pickup: its own words, the integration's secrets redacted",
    (reason: string) => reason,
    'USPS: Carrier Pickup is not available for this address.',
  ),
  invalidItems: {
    status: 409,
    summary: 'The batch has invalid items: `invalid_order_ids` names them',
    message: INVALID_ITEMS_MESSAGE,
    envelope: 'InvalidItemsErrorEnvelope',
    data: { invalid_order_ids: ['itm_3Vq8Zr', 'itm_9LmP2x'] },
  } satisfies ErrorCase,
  deliveryInFlight: plain(
    409,
    'An attempt of the delivery is being sent right now',
    DELIVERY_IN_FLIGHT_MESSAGE,
  ),
  bodyTooLarge: varying(413, 'A body over BODY_LIMIT', bodyTooLargeMessage, bodyLimit),
  validation: fields('Fields that fail validation, by dotted path', {
    'from_address.city': ['The from address.city field is required.'],
    'package_list.0.weight': ['The package list.0.weight must be at least 0.01.'],
  }),
  keyReused: plain(422, 'The Idempotency-Key was used with another request', IDEMPOTENCY_KEY_REUSED_MESSAGE),
  shipperNotEligible: plain(
    422,
    'The shipper is missing or not eligible for batches',
    SHIPPER_NOT_ELIGIBLE_MESSAGE,
  ),
  instantShipShipper: plain(
    422,
    'The shipper is missing or not eligible for instant ship',
    INSTANT_SHIP_SHIPPER_MESSAGE,
  ),
  instantShipService: fields('A service instant ship does not offer', {
    service: [INSTANT_SHIP_SERVICE_MESSAGE],
  }),
  noRate: fields('A package the service has no rate for', { package_list: [NO_RATE_MESSAGE] }),
  carrierRefused: varying(
    422,
    'The carrier refused the shipment: its reason',
    (reason) => reason,
    'The destination ZIP Code is not valid.',
  ),
  pickupNotFound: plain(
    404,
    "No pickup order of the caller's account and key mode has this id",
    PICKUP_NOT_FOUND_MESSAGE,
  ),
  asOfPastEnd: fields('An as_of revision past the end of the stream', { as_of: [asOfPastEndMessage(41n)] }),
  unknownPickup: fields('An id that names no pickup order of the account', { id: [UNKNOWN_PICKUP_MESSAGE] }),
  noSender: fields('No usable sender address', { from_address_id: [VALID_FROM_ADDRESS_MESSAGE] }),
  refusedUrl: fields('A url that points at no public address', { url: [REFUSED_URL_MESSAGE] }),
  endpointLimit: varying(
    422,
    'The account already has the most endpoints it may have',
    endpointLimitMessage as unknown as (limit: string) => string,
    '10',
  ),
  carrierRefusedCredentials: fields('The carrier refused the credentials', {
    credentials: [credentialsRefusedMessage('invalid client credentials')],
  }),
  headersTooLarge: plain(431, 'A request line or headers over 16 KB', HEADERS_TOO_LARGE_MESSAGE),
  rateLimited: plain(429, 'Over the rate limit; Retry-After says when to try again', RATE_LIMITED_MESSAGE),
  unavailable: plain(503, 'A backing app did not answer in time, or a store failed', UNAVAILABLE_MESSAGE),
  keyStillRunning: plain(
    503,
    'A retry with the key while the first request still runs elsewhere',
    STILL_RUNNING_MESSAGE,
  ),
  instantShipOff: plain(
    503,
    'Instant ship switched off (INSTANT_SHIP_ENABLED)',
    INSTANT_SHIP_UNAVAILABLE_MESSAGE,
  ),
  pickupNotSaved: plain(503, 'The pickup order could not be saved', PICKUP_NOT_SAVED_MESSAGE),
  storeNotAnswering: plain(503, 'The store does not answer', STORE_NOT_ANSWERING_MESSAGE),
  notReady: varying(
    503,
    'A check that is not ok',
    (failing) => notReadyMessage([failing]),
    'kafka not answering',
  ),
  carrierUnavailable: varying(
    503,
    'The carrier did not answer',
    carrierUnavailableMessage,
    'USPS did not answer /oauth2/v3/token within 10000 ms',
  ),
} satisfies Record<string, ErrorCase>;

export type ErrorCaseName = keyof typeof ERROR_CASES;
