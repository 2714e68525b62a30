import { idOfRequest } from './request-id';

describe('the id of what one request makes', () => {
  it('is the same for the same parts, and a UUID in form', () => {
    const id = idOfRequest('credit', 'acct_a', 'adm_1', 'key-1');
    expect(idOfRequest('credit', 'acct_a', 'adm_1', 'key-1')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs when any part differs, however the parts are cut', () => {
    const ids = [
      idOfRequest('credit', 'acct_a', 'adm_1', 'key-1'),
      idOfRequest('credit', 'acct_b', 'adm_1', 'key-1'),
      idOfRequest('credit', 'acct_a', 'adm_2', 'key-1'),
      idOfRequest('credit', 'acct_a', 'adm_1', 'key-2'),
      idOfRequest('credit', 'acct_a', 'adm_1key-1'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
