/**
 * Where a webhook may be sent (issue 26 item 2, decision 60): only to the public internet, over
 * https. An address that resolves to a loopback, private, link-local (cloud metadata), CGNAT,
 * multicast or otherwise reserved address, IPv4 or IPv6 (IPv4-mapped and the IPv6 forms that
 * carry an IPv4 address included), is refused when the webhook is saved and again at every
 * delivery, which connects to the very address this check approved (no second look-up for DNS
 * to answer differently). The operator's allowlist (`WEBHOOK_ALLOW_HOSTS`: host names, addresses
 * and CIDRs) opens local receivers (tests, on-premise systems), and only those may use http.
 */
import { BlockList, isIP } from 'node:net';
import {
  WEBHOOK_URL_HTTPS,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_UNRESOLVED,
} from '@venue/contracts/admin';
import type { ResolvedAddress, WebhookDeps } from './config.ts';

/** The ranges no webhook may reach, each with what it is (for the log). */
const REFUSED: ReadonlyArray<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'this network'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT (also a cloud metadata address)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved and broadcast'],
  // IPv4-mapped (::ffff:0:0/96) addresses are checked against the IPv4 ranges above by BlockList.
  ['::', 96, 'ipv6', 'unspecified, loopback and IPv4-compatible'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (carries an IPv4 address)'],
  ['64:ff9b:1::', 48, 'ipv6', 'local NAT64'],
  ['100::', 64, 'ipv6', 'discard'],
  ['2001::', 23, 'ipv6', 'protocol assignments (Teredo among them)'],
  ['2002::', 16, 'ipv6', '6to4 (carries an IPv4 address)'],
  ['fc00::', 7, 'ipv6', 'unique local (cloud metadata among them)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const refused = new BlockList();
for (const [network, prefix, type] of REFUSED) refused.addSubnet(network, prefix, type);

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** True when `address` (an IP) is in one of the refused ranges. */
export function isRefusedAddress(address: string): boolean {
  return refused.check(address, familyOf(address));
}

export interface AllowList {
  /** Host names allowed as they are (lower-case), whatever they resolve to. */
  names: ReadonlySet<string>;
  /** Addresses and networks allowed although local. */
  networks: BlockList;
  /** How many address entries `networks` holds (an empty BlockList still answers). */
  networkCount: number;
}

/**
 * `WEBHOOK_ALLOW_HOSTS`: comma- or space-separated host names (`receiver.internal`), addresses
 * (`127.0.0.1`, `::1`) and CIDRs (`10.20.0.0/16`). An entry that is none of these is an error at
 * start, not a silent hole.
 */
export function parseAllowList(text: string): AllowList {
  const names = new Set<string>();
  const networks = new BlockList();
  let networkCount = 0;
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [host, bits, extra] = entry.split('/');
    const kind = isIP(host ?? '');
    if (kind && extra === undefined) {
      const max = kind === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (!/^\d{1,3}$/.test(bits ?? String(max)) || prefix > max)
        throw new Error(`WEBHOOK_ALLOW_HOSTS: "${entry}" is not a CIDR`);
      networks.addSubnet(host!, prefix, kind === 4 ? 'ipv4' : 'ipv6');
      networkCount++;
    } else if (
      bits === undefined &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)
    ) {
      names.add(entry.toLowerCase());
    } else {
      throw new Error(`WEBHOOK_ALLOW_HOSTS: "${entry}" is neither a host name, an address nor a CIDR`);
    }
  }
  return { names, networks, networkCount };
}

/** The URL's host as DNS and the socket take it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

export type AddressCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'invalid' | 'https' | 'unresolved' | 'private'; message: string; detail?: string };

const refusal = (reason: Exclude<AddressCheck, { ok: true }>['reason'], detail?: string): AddressCheck => ({
  ok: false,
  reason,
  message: {
    invalid: WEBHOOK_URL_INVALID,
    https: WEBHOOK_URL_HTTPS,
    unresolved: WEBHOOK_URL_UNRESOLVED,
    private: WEBHOOK_URL_PRIVATE,
  }[reason],
  ...(detail ? { detail } : {}),
});

/**
 * Resolves the URL's host and checks every address it has: the addresses to connect to, or why
 * not. Used when a webhook is saved and before every attempt.
 */
export async function checkAddress(
  raw: string,
  deps: Pick<WebhookDeps, 'allowList' | 'resolve'>,
): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refusal('invalid');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return refusal('invalid');
  const host = hostOf(url);
  const { allowList } = deps;
  const nameAllowed = allowList.names.has(host);

  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await deps.resolve(host);
    } catch (err) {
      return refusal('unresolved', (err as Error).message);
    }
    if (addresses.length === 0) return refusal('unresolved');
  }
  const inAllowedNetwork = (a: ResolvedAddress) =>
    allowList.networkCount > 0 && allowList.networks.check(a.address, familyOf(a.address));
  // A name that resolves to a public and a private address is refused: which one a connection
  // meets should not decide whether a private network is reached.
  const bad = nameAllowed
    ? undefined
    : addresses.find((a) => !inAllowedNetwork(a) && isRefusedAddress(a.address));
  if (bad) return refusal('private', `${host} resolves to ${bad.address}`);
  const allowlisted = nameAllowed || addresses.every(inAllowedNetwork);
  if (url.protocol === 'http:' && !allowlisted) return refusal('https');
  return { ok: true, url, addresses };
}
