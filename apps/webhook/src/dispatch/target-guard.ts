import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInternalAddress } from './internal-addresses';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A target the guard refuses; the message names the address, never anything of ours. */
export class TargetRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, an internal address; webhooks are not sent there`);
    this.name = 'TargetRefused';
  }
}

export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** The host name resolver; tests put fixed answers here to specify the refusing guard. */
export const WEBHOOK_RESOLVE = Symbol('WEBHOOK_RESOLVE');

export const resolveWithDns: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Every address of the URL's host, refused when any is internal (unless allowed). The caller
 * connects to these very addresses, so DNS that changes after the check changes nothing.
 */
export async function resolveTarget(
  url: URL,
  allowInternal: boolean,
  resolve: Resolve = resolveWithDns,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses: ResolvedAddress[] =
    family === 0 ? await resolve(host) : [{ address: host, family: family === 6 ? 6 : 4 }];
  if (!allowInternal) {
    const internal = addresses.find(({ address }) => isInternalAddress(address));
    if (internal) throw new TargetRefused(host, internal.address);
  }
  return addresses;
}
