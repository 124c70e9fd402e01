import http from "node:http";
import https from "node:https";
import { pinnedLookup } from "../../infra/net/addresses.js";
import type { PinnedTarget } from "./url-guard.js";

/** What one attempt gave: a 2xx (`ok`), another status, or no answer, and how long it took. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseSnippet: string | null;
  durationMs: number;
  /** Ended by `signal` (shutdown): not the receiver's doing, not to be recorded. */
  aborted?: boolean;
  /** Failed on the server's side before anything was sent: retried, not held against the endpoint. */
  serverSide?: boolean;
}

/** The receiver's answer is read up to this many bytes, then the connection is dropped. */
export const responseReadLimit = 4096;
/** At most this many characters of it are kept. */
export const snippetLength = 256;

export interface SendOptions {
  headers: Record<string, string>;
  body: string;
  /** The whole attempt: connection, TLS, request and response. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * POSTs `body` to a vetted target, connecting only to the addresses the guard checked (a `lookup`
 * that answers them, whatever DNS says now), without a connection pool, never following a
 * redirect (a 3xx is a failed attempt), reading at most 4 KiB of the answer, within `timeoutMs`.
 * TLS verifies the certificate against the URL's host name, as usual.
 */
export function sendPinned(target: PinnedTarget, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { url } = target;
  const lookup = pinnedLookup(target.addresses);

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      request.destroy();
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const failure = (error: string, extra: Partial<AttemptOutcome> = {}) => finish({ ok: false, statusCode: null, error, responseSnippet: null, ...extra });

    const body = Buffer.from(options.body, "utf8");
    const request = (url.protocol === "https:" ? https : http).request({
      method: "POST",
      protocol: url.protocol,
      hostname: target.hostname,
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...options.headers, "content-length": String(body.byteLength), connection: "close" },
      agent: false,
      lookup,
    });
    const timer = setTimeout(() => failure(`No answer within ${formatSeconds(options.timeoutMs)}.`), options.timeoutMs);
    const onAbort = () => failure("The attempt was interrupted (shutdown).", { aborted: true });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });

    request.on("error", (error: NodeJS.ErrnoException) => failure(connectionError(error)));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const snippet = cleanSnippet(Buffer.concat(chunks).subarray(0, responseReadLimit));
        const ok = status >= 200 && status < 300;
        const error = ok
          ? null
          : status >= 300 && status < 400
            ? `The receiver answered ${status} (a redirect); redirects are not followed: register the final URL.`
            : `The receiver answered ${status}.`;
        finish({ ok, statusCode: status, error, responseSnippet: snippet });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= responseReadLimit) done();
      });
      response.on("end", done);
      response.on("error", done); // the status is what counts; a broken body after it does not change it
      response.on("aborted", done);
    });
    request.end(body);
  });
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function connectionError(error: NodeJS.ErrnoException): string {
  const code = error.code ? ` (${error.code})` : "";
  const known: Record<string, string> = {
    ECONNREFUSED: "The connection was refused",
    ECONNRESET: "The connection was reset",
    ENOTFOUND: "The host was not found",
    EHOSTUNREACH: "The host is unreachable",
    ENETUNREACH: "The network is unreachable",
    ETIMEDOUT: "The connection timed out",
  };
  const text = (error.code && known[error.code]) || `The request failed: ${withoutAddresses(error.message).slice(0, 200)}`;
  return `${text}${code}.`;
}

/**
 * The text with every IP address (and its port) replaced: an attempt's error is shown to the
 * webhook's owner, who is never told what the host resolved to on the server's side.
 */
export function withoutAddresses(text: string): string {
  return text
    .replace(/\[?(?:[0-9a-f]{0,4}:){2,7}(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]{0,4})(?:%\w+)?\]?(?::\d+)?/gi, "[address]")
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, "[address]");
}

/** Printable text only (no control characters: PostgreSQL text holds no NUL), at most `snippetLength` characters. */
function cleanSnippet(bytes: Buffer): string | null {
  const text = bytes
    .toString("utf8") // invalid UTF-8 becomes U+FFFD
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .trim();
  if (text === "") return null;
  const cut = text.slice(0, snippetLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut; // never half a surrogate pair
}
