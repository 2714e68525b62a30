import { decode, encodeReplyPacket } from './wire';

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
};

describe('reply packets on the wire', () => {
  afterEach(() => jest.restoreAllMocks());

  it('carries a frozen response exactly as any other', () => {
    const response = { items: [{ id: 'a', errors: null }], note: 'x' };
    const packet = { response: deepFreeze(structuredClone(response)), isDisposed: true };

    expect(decode(encodeReplyPacket(packet))).toEqual({ response, isDisposed: true });
    expect(decode(encodeReplyPacket({ response: packet.response }))).toEqual({ response });
  });

  it('turns a response frozen all the way down into text once', () => {
    const response = deepFreeze({ items: [{ id: 'a' }] });
    encodeReplyPacket({ response, isDisposed: true });
    const stringify = jest.spyOn(JSON, 'stringify');

    encodeReplyPacket({ response, isDisposed: true });

    const serialised = stringify.mock.calls.filter(([value]) => value === response || (value as { response?: unknown }).response === response);
    expect(serialised).toEqual([]);
  });

  it('serialises again a response frozen only on the surface, whose insides may change', () => {
    const items = [{ id: 'a' }];
    const response = Object.freeze({ items });
    encodeReplyPacket({ response, isDisposed: true });
    items.push({ id: 'b' });

    expect(decode(encodeReplyPacket({ response, isDisposed: true }))).toEqual({ response: { items: [{ id: 'a' }, { id: 'b' }] }, isDisposed: true });
  });
});
