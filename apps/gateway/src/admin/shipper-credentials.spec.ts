import { randomBytes } from 'node:crypto';
import {
  AccountPatterns,
  CarrierCredentialPatterns,
  carrierCredentialsContext,
  type RequestContext,
  type ShipperRecord,
  UspsCredentialsRequest,
} from '@shipping/contracts';
import { SecretBox } from '@shipping/platform/secrets';
import type { AppRequestSender } from '../commands/app-request-sender';
import type { AdminCaller } from './admin-caller';
import { ShipperCredentials } from './shipper-credentials';

const SECRET = 'usps-consumer-secret-0c4e';

const shipper: ShipperRecord = {
  id: 1010,
  hash_id: 'x',
  name: 'Globex USPS',
  carrier: 'usps',
  integration: 'own',
  batch_eligible: true,
  instant_ship_eligible: true,
  has_credentials: false,
  credentials_set_at: null,
};

describe("a shipper's credentials on their way to the label app", () => {
  it('cross the transport sealed for the account and shipper, without the Idempotency-Key, and the account records only that they were set', async () => {
    const sent: { pattern: string; context: RequestContext; payload: unknown }[] = [];
    const apps = {
      request: async (pattern: string, context: RequestContext, payload: unknown) => {
        sent.push({ pattern, context, payload });
        return { ...shipper, has_credentials: true };
      },
    } as unknown as AppRequestSender;
    const box = new SecretBox([{ id: 'm1', key: randomBytes(32) }]);
    const admin: AdminCaller = {
      correlationId: 'req-1',
      actor: 'admin-key',
      idempotencyKey: 'k-1',
      about: (accountId) => ({
        accountId,
        correlationId: 'req-1',
        actor: 'admin-key',
        idempotencyKey: 'k-1',
      }),
    };
    const credentials = Object.assign(new UspsCredentialsRequest(), {
      client_id: 'usps-consumer-key',
      client_secret: SECRET,
      crid: '1',
      mid: '2',
      manifest_mid: '3',
      payment_account_type: 'EPS' as const,
      payment_account_number: '4',
    });

    await new ShipperCredentials(apps, box).give(admin, 'acct_globex', shipper, credentials);

    expect(sent.map(({ pattern }) => pattern)).toEqual([
      CarrierCredentialPatterns.set,
      AccountPatterns.recordShipperCredentials,
    ]);
    expect(JSON.stringify(sent)).not.toContain(SECRET);
    const [set, recorded] = sent;
    expect(set.context.idempotencyKey).toBeUndefined();
    const { sealed_credentials: sealed } = set.payload as { sealed_credentials: string };
    expect(JSON.parse(box.open(sealed, carrierCredentialsContext('acct_globex', 1010)))).toEqual({
      ...credentials,
    });
    expect(() => box.open(sealed, carrierCredentialsContext('acct_globex', 1011))).toThrow();
    expect(recorded).toMatchObject({ payload: { shipper_id: 1010 }, context: { actor: 'admin-key' } });
  });
});
