import { validateRequest } from '../../validation';
import { AddCreditRequest } from './admin-requests';

describe('AddCreditRequest', () => {
  it('goes to the test ledger unless it names the live one', () => {
    const test = validateRequest(AddCreditRequest, { amount: '250.00', reference: 'INV-1' });
    expect(test.ok && test.value.mode).toBe('test');
    const live = validateRequest(AddCreditRequest, { amount: '250.00', reference: 'INV-1', mode: 'live' });
    expect(live.ok && live.value.mode).toBe('live');
  });

  it.each([['prod'], ['LIVE'], [1], [null]])('refuses the mode %p with the field map', (mode) => {
    expect(validateRequest(AddCreditRequest, { amount: '250.00', reference: 'INV-1', mode })).toEqual({
      ok: false,
      errors: { mode: [expect.stringContaining('mode')] },
    });
  });
});
