import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { AddressRefused, pinnedLookup, resolvePublic, type Resolver } from "./addresses.js";

export interface PublicGetOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  resolve?: Resolver;
  /** Plain http and non-public addresses allowed (local development and tests only). */
  allowPrivate?: boolean;
  /** Redirects followed, each to a URL that passes the same check. Default 3. */
  maxRedirects?: number;
}

/**
 * GETs a URL that somebody else chose (an image URL a model provider answered) as the webhooks'
 * address guard allows: `https` only, no credentials, every address of the host public, and the
 * connection made to the addresses checked (pinned: a rebinding DNS cannot swap them). A redirect
 * is followed only to a URL that passes the same check. Resolves with the answer as a fetch
 * Response (any status but a redirect); throws AddressRefused for a URL the guard refuses.
 */
export async function getPublic(raw: string | URL, options: PublicGetOptions = {}): Promise<Response> {
  let url = new URL(raw);
  for (let hop = 0; ; hop++) {
    const res = await getOnce(url, options);
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || res.status === 304 || location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= (options.maxRedirects ?? 3)) throw new AddressRefused(`more than ${options.maxRedirects ?? 3} redirects`);
    url = new URL(location, url);
  }
}

async function getOnce(url: URL, options: PublicGetOptions): Promise<Response> {
  if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) throw new AddressRefused(`${url.protocol} URL`);
  if (url.username || url.password) throw new AddressRefused("credentials in the URL");
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = await resolvePublic(hostname, options);
  options.signal?.throwIfAborted();
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request({
      method: "GET",
      protocol: url.protocol,
      hostname,
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: options.headers,
      agent: false,
      lookup: pinnedLookup(addresses),
      signal: options.signal,
    });
    request.on("error", reject);
    request.on("response", (res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
      }
      const status = res.statusCode ?? 502;
      const bodyless = status === 204 || status === 304;
      if (bodyless) res.resume();
      resolve(new Response(bodyless ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers }));
    });
    request.end();
  });
}
