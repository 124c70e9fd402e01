import { AppError } from "../../contract/errors.js";
import { AddressRefused, resolvePublic, type ResolvedAddress, type Resolver } from "../../infra/net/addresses.js";

/**
 * The SSRF guard of webhook URLs (contract section 10): only `https:` (plus `http:` with
 * WEBHOOKS_ALLOW_PRIVATE), no credentials in the URL, and a host whose every address is public:
 * never private, loopback, link-local, unspecified, CGNAT, multicast, reserved or documentation
 * ranges, nor an IPv6 form that embeds one of them (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 * Checked at registration and again before every attempt (DNS may change); the attempt then
 * connects to the addresses checked here (`PinnedTarget`), so a rebinding DNS cannot swap them.
 * The classification and the resolution are infra/net/addresses.ts's (model image URLs use them too).
 */
export type { ResolvedAddress, Resolver } from "../../infra/net/addresses.js";

/** A URL that passed the guard, with the addresses to connect to. */
export interface PinnedTarget {
  url: URL;
  /** The host to resolve, as written (brackets removed from IPv6 literals). */
  hostname: string;
  addresses: ResolvedAddress[];
}

export interface GuardOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: plain http and non-public addresses are allowed. */
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Bound on the DNS lookup. Default 5 s. */
  timeoutMs?: number;
}

export const maxUrlLength = 2048;

/**
 * What a caller is told when the URL's host does not resolve, or resolves (or is) anything but a
 * public address: the same words whatever the reason, so that the answers never reveal what a name
 * resolves to on the server's network (nor whether an internal name exists).
 */
export const notAllowedMessage = "This URL is not allowed: webhooks must be https URLs whose host resolves only to public internet addresses.";

/**
 * Why a URL may not be a webhook target. `message` is for the caller (never an address or a DNS
 * answer: "not allowed"); `detail` says what was found, for the logs only.
 */
export class UrlRefused extends Error {
  override name = "UrlRefused";
  readonly detail: string;
  constructor(message: string, detail: string = message) {
    super(message);
    this.detail = detail;
  }
}

/** Parses and checks a webhook URL (syntax, scheme, credentials); no DNS. Throws UrlRefused. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (raw.length > maxUrlLength) throw new UrlRefused(`The URL is longer than ${maxUrlLength} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused("Not an absolute URL; send one like https://example.com/hooks/assets.");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new UrlRefused(
      url.protocol === "http:"
        ? "Webhook URLs must use https (plain http is allowed only when the server sets WEBHOOKS_ALLOW_PRIVATE=true, for local development)."
        : `Webhook URLs must use https, not ${url.protocol.replace(/:$/, "")}.`,
    );
  }
  if (url.username || url.password) throw new UrlRefused("The URL must not carry credentials (user:password@); verify the webhook-signature header instead.");
  if (!url.hostname) throw new UrlRefused("The URL has no host.");
  return url;
}

/** Checks `raw` and resolves its host; every address must be public unless allowPrivate. Throws UrlRefused. */
export async function vetWebhookUrl(raw: string, options: GuardOptions): Promise<PinnedTarget> {
  const url = parseWebhookUrl(raw, options.allowPrivate);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  try {
    return { url, hostname, addresses: await resolvePublic(hostname, options) };
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    // With WEBHOOKS_ALLOW_PRIVATE (development) the server's network is the target anyway: say what failed.
    const detail = `${error.detail}.`;
    throw new UrlRefused(options.allowPrivate ? `${detail[0]!.toUpperCase()}${detail.slice(1)}` : notAllowedMessage, detail);
  }
}

/**
 * The registration's check: a refused URL is 400 invalid_request naming `url` ("not allowed" for
 * an address or DNS reason); `onRefused` gets what was found, for the logs.
 */
export async function assertWebhookUrl(raw: string, options: GuardOptions & { onRefused?: (detail: string) => void }): Promise<PinnedTarget> {
  try {
    return await vetWebhookUrl(raw, options);
  } catch (error) {
    if (error instanceof UrlRefused) {
      options.onRefused?.(error.detail);
      throw new AppError("invalid_request", `url: ${error.message}`, { param: "url" });
    }
    throw error;
  }
}
