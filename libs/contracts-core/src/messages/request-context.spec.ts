import { tenantOf } from './request-context';

describe('tenantOf', () => {
  it('is the account in the mode of the key', () => {
    expect(tenantOf({ accountId: 'acct_acme', keyMode: 'live' })).toEqual({
      accountId: 'acct_acme',
      mode: 'live',
    });
  });

  it('is test work where the context has no key mode', () => {
    expect(tenantOf({ accountId: 'acct_acme' })).toEqual({ accountId: 'acct_acme', mode: 'test' });
  });
});
