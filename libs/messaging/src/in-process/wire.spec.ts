import { deepFreeze } from '@shipping/contracts';
import { decode, decodedReplyPacket, encodeReplyPacket } from './wire';

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

    const serialised = stringify.mock.calls.filter(
      ([value]) => value === response || (value as { response?: unknown }).response === response,
    );
    expect(serialised).toEqual([]);
  });

  it('serialises again a response frozen only on the surface, whose insides may change', () => {
    const items = [{ id: 'a' }];
    const response = Object.freeze({ items });
    encodeReplyPacket({ response, isDisposed: true });
    items.push({ id: 'b' });

    expect(decode(encodeReplyPacket({ response, isDisposed: true }))).toEqual({
      response: { items: [{ id: 'a' }, { id: 'b' }] },
      isDisposed: true,
    });
  });

  it('hands the receiver of a frozen response what decoding its text gives, read-only, decoded once', () => {
    const response = deepFreeze({ items: [{ id: 'a', at: 'x', gone: undefined }], note: 'n' });
    const packet = { response, isDisposed: true };
    const text = encodeReplyPacket(packet);

    const first = decodedReplyPacket(packet);
    expect(first).toEqual(decode(text));
    expect(first?.response).not.toBe(response);
    expect(Object.isFrozen((first?.response as { items: object[] }).items[0])).toBe(true);
    expect(decodedReplyPacket(packet)?.response).toBe(first?.response);
  });

  it('hands over nothing decoded for a response that was not frozen all the way down', () => {
    const packet = { response: Object.freeze({ items: [{ id: 'a' }] }), isDisposed: true };
    encodeReplyPacket(packet);
    expect(decodedReplyPacket(packet)).toBeUndefined();
    expect(decodedReplyPacket({ response: 'text', isDisposed: true })).toBeUndefined();
  });
});
