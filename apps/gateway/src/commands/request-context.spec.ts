import type { GatewayRequest } from '../http';
import { requestContextOf } from './request-context';

const requestOf = (fields: Partial<GatewayRequest>) => ({ id: 'req-1', ...fields }) as GatewayRequest;

describe('the request context a command carries', () => {
  it("carries the API key's mode, live or test", () => {
    for (const mode of ['live', 'test'] as const)
      expect(requestContextOf(requestOf({ account: { accountId: 'acct_1', name: 'One', mode } }))).toEqual({
        accountId: 'acct_1',
        correlationId: 'req-1',
        keyMode: mode,
      });
  });

  it('carries no key mode behind the admin key, which has none', () => {
    const admin = requestOf({ account: { accountId: 'admin:adm_1', name: 'admin' }, adminKeyId: 'adm_1' });
    expect(requestContextOf(admin)).toEqual({ accountId: 'admin:adm_1', correlationId: 'req-1' });
    expect(requestContextOf(admin)).not.toHaveProperty('keyMode');
  });
});
