import { uspsFetch, jsonOf, type UspsHttpOptions } from './usps-http';
import { refusalReason, UspsFault } from './usps-faults';
import type { SharedTokens } from '../tokens/shared-tokens';
import { type Fetched, SingleFlightCache } from './single-flight-cache';
import type { UspsIntegration, UspsTokenAnswer } from './usps-types';

export type Authorized = (path: string, init: RequestInit) => Promise<Response>;

/** A token is fetched again this long before USPS said it expires. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

/** USPS refused the integration's credentials or payment account: not retriable, the shipper must fix them. */
export class UspsCredentialsRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UspsCredentialsRefused';
  }
}

/**
 * The OAuth access tokens and payment authorization tokens of USPS integrations, kept per integration
 * within this process and fetched once at a time (single flight). Shared by every UspsCarrier of the
 * process; with SharedTokens, by every instance too: one fetch for all of them.
 */
export class UspsSessions {
  readonly accessTokens: SingleFlightCache<string>;
  readonly paymentTokens: SingleFlightCache<string>;

  constructor(
    readonly now: () => number = Date.now,
    private readonly shared?: SharedTokens,
  ) {
    this.accessTokens = new SingleFlightCache(now);
    this.paymentTokens = new SingleFlightCache(now);
  }

  accessToken(http: UspsHttpOptions, integration: UspsIntegration): Promise<string> {
    return this.accessTokens.get(integration.id, () =>
      this.keptOrFetched(accessKey(integration), () => this.fetchAccessToken(http, integration)),
    );
  }

  /** Forgets an access token USPS refused, here and for every instance, if it is still the kept one. */
  async forgetAccessToken(integration: UspsIntegration, stale: string): Promise<void> {
    this.accessTokens.forget(integration.id, stale);
    await this.shared?.forget(accessKey(integration), stale);
  }

  /** `authorized` sends a request with the kept access token, fetching it again once on a 401. */
  paymentToken(integration: UspsIntegration, authorized: Authorized): Promise<string> {
    return this.paymentTokens.get(integration.id, () =>
      this.keptOrFetched(paymentKey(integration), async () => ({
        value: await this.fetchPaymentToken(integration, authorized),
        expiresAt: Infinity,
      })),
    );
  }

  private keptOrFetched(key: string, fetchToken: () => Promise<Fetched<string>>): Promise<Fetched<string>> {
    return this.shared ? this.shared.get(key, fetchToken) : fetchToken();
  }

  /** OAuth 2.0 client credentials (README "Example OAuth Client Credentials Token request"). */
  private async fetchAccessToken(http: UspsHttpOptions, integration: UspsIntegration) {
    const response = await uspsFetch(http, '/oauth2/v3/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: integration.client_id,
        client_secret: integration.client_secret,
      }),
    });
    const body = await jsonOf(response);
    if (!response.ok)
      throw new UspsCredentialsRefused(refusalReason(body, response.status, secretsOf(integration)));
    const answer = body as Partial<UspsTokenAnswer> | undefined;
    const expiresIn = Number(answer?.expires_in);
    if (typeof answer?.access_token !== 'string' || !(expiresIn > 0))
      throw new UspsFault(
        'USPS answered a token without access_token or expires_in',
        'server',
        response.status,
      );
    const keepFor = Math.max(0, expiresIn - TOKEN_REFRESH_MARGIN_SECONDS);
    return { value: answer.access_token, expiresAt: this.now() + keepFor * 1000 };
  }

  /** Payments 3.0 `payment-authorization` with the PAYER and LABEL_OWNER roles (README "Set the payment account"). */
  private async fetchPaymentToken(integration: UspsIntegration, authorized: Authorized) {
    const { account } = integration;
    const role = {
      CRID: integration.crid,
      MID: integration.mid,
      manifestMID: integration.manifest_mid,
      accountType: account.type,
      accountNumber: account.number,
      ...(account.type === 'PERMIT' ? { permitNumber: account.number, permitZIPCode: account.zip } : {}),
    };
    const response = await authorized('/payments/v3/payment-authorization', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        roles: [
          { roleName: 'PAYER', ...role },
          { roleName: 'LABEL_OWNER', ...role },
        ],
      }),
    });
    const body = await jsonOf(response);
    if (!response.ok)
      throw new UspsCredentialsRefused(refusalReason(body, response.status, secretsOf(integration)));
    const token = (body as { paymentAuthorizationToken?: unknown } | undefined)?.paymentAuthorizationToken;
    if (typeof token !== 'string' || token.length === 0)
      throw new UspsFault(
        'USPS answered a payment authorization without its token',
        'server',
        response.status,
      );
    return token;
  }
}

const accessKey = (integration: UspsIntegration) => `usps:access:${integration.id}`;
const paymentKey = (integration: UspsIntegration) => `usps:payment:${integration.id}`;

/** What must never reach a log or a message. */
export function secretsOf(integration: UspsIntegration): string[] {
  return [
    integration.client_id,
    integration.client_secret,
    integration.crid,
    integration.mid,
    integration.manifest_mid,
    integration.account.number,
  ];
}
