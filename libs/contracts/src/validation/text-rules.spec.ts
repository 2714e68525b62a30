import { textErrors, TEXT_MESSAGE } from './text-rules';

describe('text that cannot be stored', () => {
  it('names every string with a NUL character or a lone surrogate by its path', () => {
    const value = {
      name: 'a\u0000b',
      to_address: { city: '\ud800' },
      items: [{ sku: 'ok' }, { sku: 'x\udc00' }],
    };
    expect(textErrors(value)).toEqual({
      name: [TEXT_MESSAGE('name')],
      'to_address.city': [TEXT_MESSAGE('to_address.city')],
      'items.1.sku': [TEXT_MESSAGE('items.1.sku')],
    });
  });

  it('accepts any well-formed text, pairs of surrogates included', () => {
    expect(textErrors({ name: 'Zoë 山田 🚚 مرحبا \u202e', list: ['😀'] })).toEqual({});
  });
});
