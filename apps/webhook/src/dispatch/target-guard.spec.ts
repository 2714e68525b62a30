import { resolveTarget, TargetRefused } from './target-guard';

const dns = (addresses: Record<string, string[]>) => async (host: string) =>
  (addresses[host] ?? []).map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

describe('webhook target guard', () => {
  const resolve = dns({
    'hooks.example.com': ['93.184.216.34'],
    'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  });

  it('answers every address of a public host', async () => {
    await expect(resolveTarget(new URL('https://hooks.example.com/x'), false, resolve)).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('refuses a host when any of its addresses is internal', async () => {
    await expect(resolveTarget(new URL('https://rebind.example.com/x'), false, resolve)).rejects.toThrow(
      new TargetRefused('rebind.example.com', '10.0.0.7'),
    );
  });

  it('refuses address literals without asking DNS, IPv6 in brackets too', async () => {
    const never = jest.fn();
    await expect(resolveTarget(new URL('http://127.0.0.1:8080/'), false, never)).rejects.toBeInstanceOf(
      TargetRefused,
    );
    await expect(resolveTarget(new URL('http://[::ffff:127.0.0.1]/'), false, never)).rejects.toBeInstanceOf(
      TargetRefused,
    );
    expect(never).not.toHaveBeenCalled();
  });

  it('lets internal targets through when the switch allows them', async () => {
    await expect(resolveTarget(new URL('http://127.0.0.1:8080/'), true, resolve)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(resolveTarget(new URL('https://rebind.example.com/x'), true, resolve)).resolves.toHaveLength(
      2,
    );
  });

  it('asks the real DNS by default: localhost is loopback', async () => {
    await expect(resolveTarget(new URL('http://localhost:1/'), false)).rejects.toBeInstanceOf(TargetRefused);
  });
});
