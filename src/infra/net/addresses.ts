import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";

/**
 * What the service's outgoing requests to addresses it does not trust (webhooks, image URLs a
 * model provider hands back) are checked against: the classification of non-public addresses
 * (private, loopback, link-local, unspecified, CGNAT, multicast, reserved, documentation, and the
 * IPv6 forms that embed one of them), the resolver, and a `lookup` that pins a connection to the
 * addresses that were checked (so a rebinding DNS cannot swap them in between).
 */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (the OS resolver by default, as a connection would). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A `lookup` for http(s).request that answers only `addresses`, whatever DNS says now. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { family?: number | string; all?: boolean }, callback: (...args: unknown[]) => void) => {
    const wanted = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      callback(Object.assign(new Error(`no IPv${wanted} address among the vetted ones`), { code: "ENOTFOUND" }));
    } else if (options.all) {
      callback(
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      );
    } else {
      callback(null, usable[0]!.address, usable[0]!.family);
    }
  }) as unknown as LookupFunction;
}

/** A host refused by `resolvePublic`: `detail` says what was found (for logs only, never for a caller). */
export class AddressRefused extends Error {
  override name = "AddressRefused";
  constructor(readonly detail: string) {
    super("The host is not allowed: it must resolve only to public internet addresses.");
  }
}

/**
 * The addresses of `hostname` (an IP literal, or a name resolved within `timeoutMs`), every one of
 * them public unless `allowPrivate`. Throws AddressRefused when it does not resolve or one is not.
 */
export async function resolvePublic(
  hostname: string,
  options: { resolve?: Resolver; timeoutMs?: number; allowPrivate?: boolean } = {},
): Promise<ResolvedAddress[]> {
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    const timeoutMs = options.timeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        (options.resolve ?? systemResolver)(hostname),
        new Promise<never>(
          (_, reject) =>
            (timer = setTimeout(() => reject(new AddressRefused(`${hostname} did not resolve within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs)),
        ),
      ]);
    } catch (error) {
      if (error instanceof AddressRefused) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new AddressRefused(`${hostname} does not resolve${code ? ` (${code})` : ""}`);
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new AddressRefused(`${hostname} does not resolve`);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind) throw new AddressRefused(`${literal ? address : `${hostname} resolves to ${address}, which`} is ${kind}`);
    }
  }
  return addresses;
}

// ---------------------------------------------------------------------------------------------
// Address classification
// ---------------------------------------------------------------------------------------------

/** IPv4 ranges that are not public unicast, with what they are. */
const v4Ranges: [string, number, string][] = [
  ["0.0.0.0", 8, 'an unspecified ("this network") address'],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a carrier-grade NAT (shared) address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "an IETF protocol assignment"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.88.99.0", 24, "a 6to4 relay address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

/** IPv6 ranges that are not public unicast (those embedding an IPv4 address are handled apart). */
const v6Ranges: [string, number, string][] = [
  ["64:ff9b:1::", 48, "a local-use NAT64 address"],
  ["100::", 64, "a discard-only address"],
  ["2001:db8::", 32, "a documentation address"],
  ["fc00::", 7, "a private (unique local) address"],
  ["fe80::", 10, "a link-local address"],
  ["fec0::", 10, "a site-local address"],
  ["ff00::", 8, "a multicast address"],
];

function v4Bytes(address: string): number[] | undefined {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

/** The 16 bytes of an IPv6 address (zone id ignored, a trailing dotted quad allowed), or undefined. */
export function v6Bytes(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, "").toLowerCase();
  let tail: number[] = [];
  const quad = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (quad) {
    const bytes = v4Bytes(quad[1]!);
    if (!bytes) return undefined;
    tail = bytes;
    text = `${text.slice(0, -quad[1]!.length)}0:0`; // placeholder groups, replaced below
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function inRange(bytes: number[], base: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const take = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (base[bit / 8]! & mask)) return false;
  }
  return true;
}

function v4Kind(bytes: number[]): string | undefined {
  for (const [base, prefix, kind] of v4Ranges) if (inRange(bytes, v4Bytes(base)!, prefix)) return kind;
  if (bytes.every((b) => b === 255)) return "the broadcast address";
  return undefined;
}

/**
 * What kind of non-public address `address` is ("a loopback address"…), or undefined when it is a
 * public unicast address. IPv6 forms that embed an IPv4 address are judged by that address.
 * Anything unparsable counts as non-public.
 */
export function nonPublicKind(address: string): string | undefined {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) return v4Kind(v4Bytes(address)!);
  const bytes = v6Bytes(address);
  if (family !== 6 || !bytes) return "not an IP address";
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const embedded = (at: number) => v4Kind(bytes.slice(at, at + 4));
  // ::ffff:a.b.c.d (IPv4-mapped), ::ffff:0:a.b.c.d (IPv4-translated): judged by the IPv4 address
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(12) && `${embedded(12)} (IPv4-mapped)`;
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return embedded(12) && `${embedded(12)} (IPv4-translated)`;
  // ::/96: the unspecified and loopback addresses, and the deprecated IPv4-compatible form (never routed)
  if (zero(0, 12)) {
    if (zero(12, 16)) return "an unspecified address";
    if (zero(12, 15) && bytes[15] === 1) return "a loopback address";
    return `${embedded(12) ?? "an address"} in the deprecated IPv4-compatible form`;
  }
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix), 2002:AABB:CCDD::/48 (6to4)
  if (inRange(bytes, v6Bytes("64:ff9b::")!, 96)) return embedded(12) && `${embedded(12)} (NAT64)`;
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(2) && `${embedded(2)} (6to4)`;
  for (const [base, prefix, kind] of v6Ranges) if (inRange(bytes, v6Bytes(base)!, prefix)) return kind;
  return undefined;
}
