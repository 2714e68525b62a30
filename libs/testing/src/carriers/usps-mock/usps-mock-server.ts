import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  labelRequestFindings,
  paymentAuthorizationFindings,
  pickupRequestFindings,
  tokenRequestFindings,
} from './usps-contract';
import { oauthErrorBody, uspsErrorBody, type UspsErrorDetail } from './usps-errors';
import { internationalLabelRequestFindings } from './usps-international-contract';
import {
  type InternationalLabelBody,
  internationalLabelMetadata,
  s10TrackingNumber,
} from './usps-international-label';
import type { MockLabelContent } from './usps-label-pdf';
import { multipartBody } from './usps-multipart';

/**
 * pdf-lib and bwip-js load when a mock starts, not in every spec file that imports the testing
 * library; loaded at start, not with the first label, so loading never counts against a client's
 * timeout on the first request. Required, not import()ed: TypeScript checks an import() as an ES
 * import (decision 149).
 */
const labelPdf = () => require('./usps-label-pdf') as typeof import('./usps-label-pdf');

export async function mockLabelPdf(content: MockLabelContent): Promise<Uint8Array> {
  return labelPdf().mockLabelPdf(content);
}

export interface UspsMockClient {
  client_id: string;
  client_secret: string;
}

export interface UspsMockOptions {
  clients: UspsMockClient[];
  /** `expires_in` of the tokens it issues, in seconds. */
  tokenLifetimeSeconds?: number;
  /** Milliseconds; the rate limit's windows and token expiry read it. */
  clock?: () => number;
  /** Answers this PDF as every label's image instead of drawing one per label (benches). */
  labelPdf?: Uint8Array;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  /** When it arrived, on the mock's clock. */
  at: number;
}

/** Ways a label answer can be broken, for the specs of the client that must refuse them. */
export type MalformedLabel = 'truncated' | 'missing-image' | 'not-a-pdf';

interface Sold {
  trackingNumber: string;
  status: 'SOLD' | 'CANCELED';
  /** The API that sold it, when not Labels 3.0. */
  api?: string;
}

interface Pickup {
  confirmationNumber: string;
  etag: string;
  request: Record<string, unknown>;
}

const LABELS_API = '/labels/v3';
const INTERNATIONAL_LABELS_API = '/international-labels/v3';
const PICKUP_API = '/pickup/v3';
const PAYMENTS_API = '/payments/v3';

/** Answers to lose: `skip` answered first, then `remaining` lost as `outcome` says. */
interface LostAnswers {
  outcome: LostSale;
  remaining: number;
  skip: number;
}

/**
 * A USPS stand-in on 127.0.0.1 and a free port: OAuth 2.0 (`/oauth2/v3/token`), Payments 3.0
 * (`/payments/v3/payment-authorization`), Labels 3.0 (`POST /labels/v3/label`, `DELETE
 * /labels/v3/label/{trackingNumber}`), International Labels 3.0 (`POST
 * /international-labels/v3/international-label` and its DELETE) and Carrier Pickup 3.0
 * (`/pickup/v3/carrier-pickup`). It checks each request against what USPS documents (usps-contract.ts) and answers 400 in USPS's error shape
 * when one fails, records every request, and can be told to misbehave as a real carrier does.
 */
export class UspsMockServer {
  readonly requests: RecordedRequest[] = [];
  private readonly tokens = new Map<string, { client_id: string; expires_at: number }>();
  private readonly paymentTokens = new Set<string>();
  private readonly sold = new Map<string, Sold>();
  private readonly pickups = new Map<string, Pickup>();
  private readonly refusedZIPCodes = new Map<string, string>();
  private readonly clock: () => number;
  private serial = 0;
  private latencyMs = 0;
  private limit: number | undefined;
  private window = { started: 0, count: 0 };
  private failures: { status: number; remaining: number } | undefined;
  private outage: { statuses: number[]; until: number; served: number } | undefined;
  private malformed: MalformedLabel | undefined;
  private afterSales: LostAnswers | undefined;
  private afterPickups: LostAnswers | undefined;

  private constructor(
    private readonly server: Server,
    private readonly options: UspsMockOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  static async start(options: UspsMockOptions): Promise<UspsMockServer> {
    labelPdf();
    const server = createServer();
    const mock = new UspsMockServer(server, options);
    server.on('request', (request, response) => void mock.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return mock;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Answers every request this many milliseconds late. */
  delay(ms: number): void {
    this.latencyMs = ms;
  }

  /** Past `perSecond` requests in a second of the clock, answers 429 with Retry-After; undefined lifts it. */
  rateLimit(perSecond: number | undefined): void {
    this.limit = perSecond;
    this.window = { started: this.clock(), count: 0 };
  }

  /** Answers the next `count` requests with `status` (a 5xx). */
  failNext(status: number, count = 1): void {
    this.failures = { status, remaining: count };
  }

  /**
   * For `ms` of the clock, answers every request with the next of `statuses` in turn, selling
   * nothing: a carrier failing for a while. A 429 comes with `Retry-After: 1`.
   */
  failFor(ms: number, statuses: number[] = [503, 429]): void {
    this.outage = { statuses, until: this.clock() + ms, served: 0 };
  }

  /** Every token issued so far stops working before its expires_in. */
  expireTokens(): void {
    this.tokens.clear();
  }

  /**
   * The next `count` labels are sold (recorded, numbered) and their answers lost: `hang` never
   * answers (the client times out), `drop` closes the connection, a number answers that 5xx.
   * `after`: that many labels are answered first (piece 2 of 3 is `after: 1`).
   */
  loseAnswersAfterSale(outcome: LostSale, count = 1, { after = 0 }: { after?: number } = {}): void {
    this.afterSales = { outcome, remaining: count, skip: after };
  }

  /** The next `count` pickups are scheduled (recorded, numbered) and their answers lost, as loseAnswersAfterSale. */
  losePickupAnswers(outcome: LostSale, count = 1): void {
    this.afterPickups = { outcome, remaining: count, skip: 0 };
  }

  /** Confirmation numbers of the pickups scheduled and not cancelled. */
  scheduledPickups(): string[] {
    return [...this.pickups.keys()];
  }

  /** Tracking numbers of the labels sold and not cancelled. */
  soldTrackingNumbers(): string[] {
    return [...this.sold.values()]
      .filter((sale) => sale.status === 'SOLD')
      .map((sale) => sale.trackingNumber);
  }

  malformLabels(kind: MalformedLabel | undefined): void {
    this.malformed = kind;
  }

  /** Refuses labels to, and pickups at, this ZIP Code with a 400 carrying `message`, as USPS refuses an address. */
  refuseAddress(ZIPCode: string, message: string): void {
    this.refusedZIPCodes.set(ZIPCode, message);
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.startsWith(path));
  }

  labelStatus(trackingNumber: string): Sold['status'] | undefined {
    return this.sold.get(trackingNumber)?.status;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = (request.url ?? '/').split('?')[0];
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path,
      headers: request.headers,
      body: parseBody(request.headers['content-type'], raw),
      status: 0,
      at: this.clock(),
    };
    this.requests.push(recorded);
    // Not ref'd: a delayed answer never keeps the process alive after stop().
    if (this.latencyMs > 0) await sleep(this.latencyMs, undefined, { ref: false });
    const answer = await this.answer(recorded, raw);
    recorded.status = answer.status;
    if (answer.lost === 'hang') return;
    if (answer.lost === 'drop') {
      request.socket.destroy();
      return;
    }
    if (response.destroyed) return;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  }

  private async answer(request: RecordedRequest, raw: string): Promise<Answer> {
    if (this.limit !== undefined) {
      const now = this.clock();
      if (now - this.window.started >= 1000) this.window = { started: now, count: 0 };
      if (++this.window.count > this.limit)
        return error(apiOf(request.path), 429, [{ detail: 'Too many requests' }], { 'Retry-After': '1' });
    }
    if (this.outage && this.clock() < this.outage.until) {
      const status = this.outage.statuses[this.outage.served++ % this.outage.statuses.length];
      const retryAfter = status === 429 ? { 'Retry-After': '1' } : undefined;
      return error(apiOf(request.path), status, [{ detail: 'The service is unavailable' }], retryAfter);
    }
    if (this.failures && this.failures.remaining > 0) {
      this.failures.remaining--;
      return error(apiOf(request.path), this.failures.status, [{ detail: 'The service is unavailable' }]);
    }
    const { method, path } = request;
    if (method === 'POST' && path === '/oauth2/v3/token') return this.token(request);
    const unauthorized = this.authorize(request);
    if (unauthorized) return unauthorized;
    if (method === 'POST' && path === `${PAYMENTS_API}/payment-authorization`)
      return this.paymentAuthorization(request);
    if (method === 'POST' && path === `${LABELS_API}/label`) return this.label(request, raw);
    const label = path.match(/^\/labels\/v3\/label\/([^/]+)$/);
    if (method === 'DELETE' && label) return this.cancelLabel(request, decodeURIComponent(label[1]));
    if (method === 'POST' && path === `${INTERNATIONAL_LABELS_API}/international-label`)
      return this.internationalLabel(request, raw);
    const international = path.match(/^\/international-labels\/v3\/international-label\/([^/]+)$/);
    if (method === 'DELETE' && international)
      return this.cancelLabel(request, decodeURIComponent(international[1]));
    if (method === 'POST' && path === `${PICKUP_API}/carrier-pickup`) return this.schedulePickup(request);
    const pickup = path.match(/^\/pickup\/v3\/carrier-pickup\/([^/]+)$/);
    if (pickup && method === 'GET') return this.getPickup(decodeURIComponent(pickup[1]));
    if (pickup && method === 'DELETE') return this.cancelPickup(request, decodeURIComponent(pickup[1]));
    return error(apiOf(path), 404, [{ detail: `${method} ${path} is not a USPS API` }]);
  }

  /** OAuth 3.0 `/token`: JSON (README example) or form-encoded (OpenAPI requestBody) client credentials. */
  private token(request: RecordedRequest): Answer {
    const body = (isRecord(request.body) ? request.body : {}) as Record<string, unknown>;
    const missing = tokenRequestFindings(body);
    if (missing.length > 0)
      return json(400, oauthErrorBody('invalid_request', missing.map((detail) => detail.detail).join('; ')));
    if (body.grant_type !== 'client_credentials')
      return json(400, oauthErrorBody('unsupported_grant_type', 'Only client_credentials is supported'));
    const client = this.options.clients.find(
      (known) => known.client_id === body.client_id && known.client_secret === body.client_secret,
    );
    if (!client) return json(401, oauthErrorBody('invalid_client', 'Client authentication failed'));
    const lifetime = this.options.tokenLifetimeSeconds ?? 28_800;
    const access_token = randomBytes(24).toString('base64url');
    const issued_at = this.clock();
    this.tokens.set(access_token, { client_id: client.client_id, expires_at: issued_at + lifetime * 1000 });
    // The fields of the README's client credentials example (ProviderAccessTokenResponse).
    return json(200, {
      access_token,
      token_type: 'Bearer',
      issued_at,
      expires_in: lifetime,
      status: 'approved',
      scope: 'labels payments pickup',
      issuer: 'api.usps.com',
      client_id: client.client_id,
      application_name: 'mock-application',
    });
  }

  /** "All USPS APIs require an OAuth 2.0 access token ... in the Authorization header, using the Bearer token scheme." */
  private authorize(request: RecordedRequest): Answer | undefined {
    const header = String(request.headers.authorization ?? '');
    const match = header.match(/^Bearer (\S+)$/);
    const token = match ? this.tokens.get(match[1]) : undefined;
    if (token && token.expires_at > this.clock()) return undefined;
    return error(apiOf(request.path), 401, [{ detail: 'The access token is missing, invalid or expired' }], {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  }

  private paymentAuthorization(request: RecordedRequest): Answer {
    const problems = [...contentTypeFindings(request), ...paymentAuthorizationFindings(request.body)];
    if (problems.length > 0) return error(PAYMENTS_API, 400, problems);
    const paymentAuthorizationToken = randomBytes(24).toString('base64url');
    this.paymentTokens.add(paymentAuthorizationToken);
    return json(200, { paymentAuthorizationToken, roles: (request.body as { roles: unknown }).roles });
  }

  private paymentTokenFindings(request: RecordedRequest): UspsErrorDetail[] {
    const token = request.headers['x-payment-authorization-token'];
    if (!token)
      return [
        { parameter: 'X-Payment-Authorization-Token', detail: 'X-Payment-Authorization-Token is required' },
      ];
    if (!this.paymentTokens.has(String(token)))
      return [
        {
          parameter: 'X-Payment-Authorization-Token',
          detail: 'The payment authorization token is not valid',
        },
      ];
    return [];
  }

  private async label(request: RecordedRequest, raw: string): Promise<Answer> {
    const problems = [
      ...contentTypeFindings(request),
      ...this.paymentTokenFindings(request),
      ...(request.body === undefined && raw.length > 0
        ? [{ detail: 'The request body is not JSON' }]
        : labelRequestFindings(request.body)),
    ];
    if (problems.length > 0) return error(LABELS_API, 400, problems);
    const body = request.body as LabelBody;
    const refusal = this.refusedZIPCodes.get(body.toAddress.ZIPCode);
    if (refusal) return error(LABELS_API, 400, [{ code: '010001', parameter: 'toAddress', detail: refusal }]);
    const trackingNumber = this.nextTrackingNumber();
    this.sold.set(trackingNumber, { trackingNumber, status: 'SOLD' });
    const lost = this.lostAnswer();
    if (lost) return lost;
    const pdf =
      this.options.labelPdf ??
      (await mockLabelPdf({
        trackingNumber,
        mailClass: body.packageDescription.mailClass,
        toName: [body.toAddress.firstName, body.toAddress.lastName].filter(Boolean).join(' '),
        toZIPCode: body.toAddress.ZIPCode,
      }));
    return this.labelAnswer(body, trackingNumber, pdf);
  }

  private lostAnswer(lost: LostAnswers | undefined = this.afterSales, api = LABELS_API): Answer | undefined {
    if (!lost || lost.remaining <= 0) return undefined;
    if (lost.skip > 0) {
      lost.skip--;
      return undefined;
    }
    lost.remaining--;
    const { outcome } = lost;
    if (typeof outcome === 'number') return error(api, outcome, [{ detail: 'The service is unavailable' }]);
    return { status: 0, headers: {}, body: '', lost: outcome };
  }

  /** The fields of the README's "Domestic Label Request" response (LabelMetadata). */
  private labelAnswer(body: LabelBody, trackingNumber: string, pdf: Uint8Array): Answer {
    const pkg = body.packageDescription;
    const metadata = {
      labelAddress: { ...body.toAddress, ignoreBadAddress: false },
      routingInformation: `420${body.toAddress.ZIPCode}`,
      trackingNumber,
      postage: 7.99,
      extraServices: (pkg.extraServices ?? []).map((code) => ({
        name: `Extra service ${code}`,
        price: 0,
        SKU: `X${code}`,
      })),
      zone: '04',
      commitment: { name: '2 Days', scheduleDeliveryDate: pkg.mailingDate },
      weightUOM: 'LB',
      weight: pkg.weight,
      dimensionalWeight: 0,
      fees: [],
      bannerText: 'USPS TRACKING # USPS Ship',
      constructCode: 'C01',
      SKU: 'DPXX0XXXXC01005',
    };
    return this.multipartAnswer(200, metadata, pdf);
  }

  /**
   * International Labels 3.0 `post-international-label`: the request checked against the document,
   * answered 201 with the same multipart parts as a domestic label (`labelMetadata`, a Base64
   * `labelImage`), the metadata an `InternationalLabelMetadata`. Lost and malformed answers apply.
   */
  private async internationalLabel(request: RecordedRequest, raw: string): Promise<Answer> {
    const problems = [
      ...contentTypeFindings(request),
      ...this.paymentTokenFindings(request),
      ...(request.body === undefined && raw.length > 0
        ? [{ detail: 'The request body is not JSON' }]
        : internationalLabelRequestFindings(request.body)),
    ];
    if (problems.length > 0) return error(INTERNATIONAL_LABELS_API, 400, problems);
    const body = request.body as InternationalLabelBody;
    const refusal = this.refusedZIPCodes.get(body.toAddress.postalCode ?? '');
    if (refusal)
      return error(INTERNATIONAL_LABELS_API, 400, [
        { code: '010001', parameter: 'toAddress', detail: refusal },
      ]);
    const trackingNumber = s10TrackingNumber(body.packageDescription.mailClass, ++this.serial);
    this.sold.set(trackingNumber, { trackingNumber, status: 'SOLD', api: INTERNATIONAL_LABELS_API });
    const lost = this.lostAnswer(this.afterSales, INTERNATIONAL_LABELS_API);
    if (lost) return lost;
    const { firstName, lastName, firm } = body.toAddress;
    const pdf =
      this.options.labelPdf ??
      (await mockLabelPdf({
        trackingNumber,
        mailClass: body.packageDescription.mailClass,
        toName: [firstName, lastName].filter(Boolean).join(' ') || (firm ?? ''),
        toZIPCode: `${body.toAddress.postalCode ?? ''} ${body.toAddress.countryISOAlpha2Code}`.trim(),
      }));
    return this.multipartAnswer(201, internationalLabelMetadata(body, trackingNumber), pdf);
  }

  private multipartAnswer(status: number, metadata: unknown, pdf: Uint8Array): Answer {
    const image = Buffer.from(pdf).toString('base64');
    const metadataPart = {
      name: 'labelMetadata',
      contentType: 'application/json',
      body: JSON.stringify(metadata),
    };
    const imagePart = {
      name: 'labelImage',
      contentType: 'application/pdf',
      filename: 'labelImage.pdf',
      body: image,
    };
    const parts =
      this.malformed === 'missing-image'
        ? [metadataPart]
        : this.malformed === 'not-a-pdf'
          ? [metadataPart, { ...imagePart, body: Buffer.from('<html>not a label</html>').toString('base64') }]
          : [metadataPart, imagePart];
    const { boundary, body: text } = multipartBody(parts);
    const payload = this.malformed === 'truncated' ? text.slice(0, Math.floor(text.length / 2)) : text;
    return {
      status,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: payload,
    };
  }

  private cancelLabel(request: RecordedRequest, trackingNumber: string): Answer {
    const api = apiOf(request.path);
    const problems = this.paymentTokenFindings(request);
    if (problems.length > 0) return error(api, 400, problems);
    const label = this.sold.get(trackingNumber);
    // Labels 3.0 example ExampleCancelError_NOTFOUND; ExampleCancel_CANCELED. A label is cancelled
    // through the API that sold it.
    if (!label || label.status === 'CANCELED' || (label.api ?? LABELS_API) !== api)
      return error(api, 400, [{ code: '00000XX', detail: 'Order not found', parameter: 'trackingNumber' }]);
    label.status = 'CANCELED';
    return json(200, { trackingNumber, status: 'CANCELED' });
  }

  private schedulePickup(request: RecordedRequest): Answer {
    const problems = [...contentTypeFindings(request), ...pickupRequestFindings(request.body)];
    if (problems.length > 0) return error(PICKUP_API, 400, problems);
    const address = (request.body as { pickupAddress: { address: { ZIPCode: string } } }).pickupAddress
      .address;
    const refusal = this.refusedZIPCodes.get(address.ZIPCode);
    if (refusal)
      return error(PICKUP_API, 400, [{ parameter: 'pickupAddress.address.ZIPCode', detail: refusal }]);
    const confirmationNumber = `WTC${String(++this.serial).padStart(8, '0')}`;
    const pickup = {
      confirmationNumber,
      etag: randomBytes(20).toString('hex'),
      request: request.body as Record<string, unknown>,
    };
    this.pickups.set(confirmationNumber, pickup);
    return this.lostAnswer(this.afterPickups, PICKUP_API) ?? this.pickupAnswer(pickup, false);
  }

  private getPickup(confirmationNumber: string): Answer {
    const pickup = this.pickups.get(confirmationNumber);
    if (!pickup)
      return error(PICKUP_API, 404, [{ detail: 'Case number not found.', parameter: 'confirmationNumber' }]);
    return this.pickupAnswer(pickup, true);
  }

  /** Carrier Pickup 3.0: DELETE requires the ETag of the last GET as If-Match. */
  private cancelPickup(request: RecordedRequest, confirmationNumber: string): Answer {
    const pickup = this.pickups.get(confirmationNumber);
    if (!pickup)
      return error(PICKUP_API, 404, [{ detail: 'Case number not found.', parameter: 'confirmationNumber' }]);
    if (request.headers['if-match'] !== pickup.etag)
      return error(PICKUP_API, 400, [
        { parameter: 'If-Match', detail: 'If-Match must be the ETag of the pickup' },
      ]);
    this.pickups.delete(confirmationNumber);
    return { status: 200, headers: {}, body: '' };
  }

  /** PickupConfirmation with its ETag; the GET answers an array of them (OpenAPI `get-carrier-pickup`). */
  private pickupAnswer(pickup: Pickup, asArray: boolean): Answer {
    const confirmation = {
      confirmationNumber: pickup.confirmationNumber,
      pickupDate: pickup.request.pickupDate,
      carrierPickupRequest: pickup.request,
    };
    return {
      ...json(200, asArray ? [confirmation] : confirmation),
      headers: { ...JSON_TYPE, ETag: pickup.etag },
    };
  }

  /** 22 digits like the README's example `9205590109769900012613`, ending in the USPS mod 10 check digit. */
  private nextTrackingNumber(): string {
    const body = `920559010976990${String(++this.serial).padStart(6, '0')}`;
    let sum = 0;
    for (let index = 0; index < body.length; index++) {
      const digit = Number(body[body.length - 1 - index]);
      sum += index % 2 === 0 ? digit * 3 : digit;
    }
    return `${body}${(10 - (sum % 10)) % 10}`;
  }
}

interface LabelBody {
  toAddress: { ZIPCode: string; firstName?: string; lastName?: string };
  packageDescription: { mailClass: string; weight: number; mailingDate: string; extraServices?: number[] };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The answer never reaches the client: held forever, or the connection closed. */
  lost?: 'hang' | 'drop';
}

/** How the answer to a label already sold is lost. */
export type LostSale = 'hang' | 'drop' | number;

const JSON_TYPE = { 'Content-Type': 'application/json' };

function json(status: number, body: unknown): Answer {
  return { status, headers: JSON_TYPE, body: JSON.stringify(body) };
}

function error(
  api: string,
  status: number,
  details: UspsErrorDetail[],
  headers: Record<string, string> = {},
): Answer {
  return {
    status,
    headers: { ...JSON_TYPE, ...headers },
    body: JSON.stringify(uspsErrorBody(api, status, details)),
  };
}

function apiOf(path: string): string {
  return path.match(/^\/[^/]+\/v3/)?.[0] ?? path;
}

/** The README's curl examples send `Content-Type: application/json` with every JSON body. */
function contentTypeFindings(request: RecordedRequest): UspsErrorDetail[] {
  const type = String(request.headers['content-type'] ?? '');
  return type.split(';')[0].trim() === 'application/json'
    ? []
    : [{ parameter: 'Content-Type', detail: 'Content-Type must be application/json' }];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBody(contentType: string | undefined, raw: string): unknown {
  if (raw.length === 0) return undefined;
  const type = (contentType ?? '').split(';')[0].trim();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
