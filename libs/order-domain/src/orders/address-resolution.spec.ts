import type { AccountAddress } from '@shipping/contracts-core';
import { postalFields, resolveAddressReferences } from './address-resolution';

const saved: AccountAddress = {
  id: 7,
  is_residential: false,
  name: 'Acme Dock 7',
  street_1: '1 Harbour Road',
  city: 'Springfield',
  zip: '62701',
  state: 'IL',
  country: 'US',
  telephone: '2175550100',
};

describe('saved address references', () => {
  it('finds the saved sender behind from_address_id', () => {
    expect(resolveAddressReferences({ from_address_id: 7, return_address_id: 7 }, [saved])).toEqual({
      errors: {},
      savedFrom: saved,
    });
  });

  it('refuses ids the account has not saved', () => {
    expect(resolveAddressReferences({ from_address_id: 8, return_address_id: 9 }, [saved])).toEqual({
      errors: {
        from_address_id: ['The selected from_address_id is invalid.'],
        return_address_id: ['The selected return_address_id is invalid.'],
      },
      savedFrom: undefined,
    });
  });

  it('ignores ids not sent', () => {
    expect(resolveAddressReferences({ from_address_id: null, from_address: {} }, [])).toEqual({ errors: {} });
  });

  it('gives a saved address as postal fields, without its book-keeping', () => {
    const { id: _id, is_residential: _residential, ...postal } = saved;
    expect(postalFields(saved)).toEqual(postal);
  });
});
