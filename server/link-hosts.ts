/**
 * Which Host a link may be built on when PUBLIC_URL is not set: print links (decision 019) and the
 * clients' status links and QR codes (decision 020). The Host header is the visitor's to write, and a
 * status link leaves the shop in a WhatsApp message or on paper. So a link carries the request's host
 * only when it names this machine, a place only the shop's network reaches (a loopback or private
 * address, a name without a dot, a `.local` name), or one the shop listed in PUBLIC_HOSTS. A public
 * name or address nobody configured could be anyone's site.
 */
import { BlockList, isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

const OWN_NAMES = new Set(['localhost', hostname().toLowerCase(), `${hostname().toLowerCase()}.local`]);

const INSIDE = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  INSIDE.addSubnet(net, prefix, 'ipv4');
}
INSIDE.addAddress('::1', 'ipv6');
INSIDE.addSubnet('fc00::', 7, 'ipv6');
INSIDE.addSubnet('fe80::', 10, 'ipv6');

/**
 * The host's name or address as a browser reads it (WHATWG URL: '134744072' and '0x08080808' are
 * 8.8.8.8), without its port or IPv6 brackets, in lower case; '' when it is no host at all.
 */
function nameOf(host: string): string {
  if (!/^[A-Za-z0-9.:_[\]-]+$/.test(host.trim())) return '';
  try {
    return new URL(`http://${host.trim()}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

/** Whether the shop listed this host in PUBLIC_HOSTS (a name it means clients to reach). */
export function isListedHost(host: string, publicHosts: string): boolean {
  const name = nameOf(host);
  const listed = publicHosts
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return Boolean(name) && (listed.includes(name) || listed.includes(host.trim().toLowerCase()));
}

function ownAddresses(): Set<string> {
  return new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((a) => a?.address.toLowerCase())
      .filter((a): a is string => Boolean(a)),
  );
}

/** Whether a link may be built on this Host (with its port, as the request carried it). */
export function isKnownHost(host: string, publicHosts: string): boolean {
  const name = nameOf(host);
  if (!name) return false;
  if (isListedHost(host, publicHosts)) return true;
  if (OWN_NAMES.has(name) || ownAddresses().has(name)) return true;
  const family = isIP(name);
  if (family) return INSIDE.check(name, family === 6 ? 'ipv6' : 'ipv4');
  return !name.includes('.') || name.endsWith('.local');
}

/** This machine's first address on the shop's network (IPv4), for a link when the Host is not known. */
export function lanAddress(): string | null {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  return found?.address ?? null;
}
