/**
 * HTTP plumbing shared by the model drivers (`openai-images`, `fal-queue`): deadlines and
 * cancellation joined into one AbortSignal per request, the translation of what went wrong into
 * `AgentError` kinds, `retry-after` parsing, bounded body reads and log-safe snippets.
 *
 * It lives in this folder because the drivers were written together; it has no OpenAI specifics
 * and can move to `src/agents/http/` when a third HTTP driver arrives.
 */
import { AgentError, isAbortError, type AgentContext, type AgentImage } from "../driver.js";

/** The biggest answer body a driver reads (a 4096² PNG in base64 is ~30 MB). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Tolerance when deciding whether `ctx.signal` aborted because the deadline passed: the caller's
 * timer and `Date.now()` are different clocks and may disagree by a millisecond or two.
 */
const DEADLINE_SLACK_MS = 20;

/** An AbortError like the one `fetch` throws, for cancellations noticed outside a request. */
export function abortError(reason?: unknown): Error {
  if (reason instanceof Error && isAbortError(reason) && reason.name === "AbortError") return reason;
  return new DOMException("The generation was canceled", "AbortError");
}

/**
 * Milliseconds the provider asked us to wait: `retry-after-ms` (OpenAI's finer header) first, then
 * `retry-after` as delta-seconds or an HTTP-date (RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/^[A-Za-z]{3}/.test(value)) return undefined; // every HTTP-date form starts with the day's name
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A short, log-safe view of an upstream body: every known secret and anything shaped like an API
 * key or an Authorization value is redacted *before* truncation, control characters are flattened.
 */
export function sanitizeSnippet(text: string, secrets: ReadonlyArray<string | undefined>, max = 200): string {
  let s = text;
  for (const secret of secrets) if (secret && secret.length >= 4) s = s.split(secret).join("[redacted]");
  s = s
    .replace(/\b(sk|pk|rk|fal)-[^\s"',}]{4,}/gi, "[redacted]")
    .replace(/\b(bearer|key|token)(\s+|=|:\s*)[A-Za-z0-9._:+/=-]{8,}/gi, "$1$2[redacted]")
    .replace(/[\u0000-\u001f\u007f]+/g, " ");
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Reads a body into memory, refusing more than `maxBytes` (the rest of the body is canceled). */
export async function readBody(res: Response, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new AgentError("unavailable", "The model's answer was too large");
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AgentError("unavailable", "The model's answer was too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parses JSON, or `undefined` when the text is not JSON. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The code of a network failure as undici reports it (`ECONNREFUSED`, `UND_ERR_SOCKET`, …). */
function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) || e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    if (depth > 4) break;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for the errors `fetch` throws when the connection failed or broke (not HTTP answers). */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError && (error.message === "fetch failed" || error.message === "terminated")) return true;
  const code = networkCode(error);
  return code !== undefined && (/^E[A-Z]+$/.test(code) || code.startsWith("UND_ERR"));
}

/**
 * The time budget of one attempt: the caller's signal (cancel or deadline), the attempt's own
 * timeout, and a timeout per HTTP request, joined into one signal per request so that an abort
 * really closes the connection. Errors thrown inside `request` come out translated:
 *
 * - the caller canceled (`ctx.signal` aborted before the deadline) → the AbortError, rethrown as is;
 * - the deadline passed, the attempt's or the request's timeout fired → `AgentError("timeout")`;
 * - the connection failed (refused, reset, DNS, socket closed mid-body) → `AgentError("unavailable")`;
 * - an `AgentError` raised by the caller's code → unchanged; anything else → unchanged.
 */
export class AttemptScope {
  /** Aborts on cancel, deadline or the attempt's timeout: give it to waits between requests. */
  readonly signal: AbortSignal;
  private readonly attempt = new AbortController();
  private readonly attemptTimer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly ctx: AgentContext,
    attemptTimeoutMs: number,
    private readonly label: string,
  ) {
    const budget = Math.max(0, Math.min(attemptTimeoutMs, ctx.deadline - Date.now()));
    this.attemptTimer = setTimeout(() => this.attempt.abort(new DOMException(`${label} took longer than its time budget`, "TimeoutError")), budget);
    this.signal = AbortSignal.any([ctx.signal, this.attempt.signal]);
  }

  /** Stops the attempt's timer; call it once the attempt is over. */
  dispose(): void {
    clearTimeout(this.attemptTimer);
  }

  /** Throws the translated error if the attempt is already over (canceled or out of time). */
  throwIfDone(): void {
    if (this.signal.aborted) throw this.translate(this.signal.reason, undefined);
  }

  /**
   * Runs `fn` (a fetch *and* the reading of its body) with a signal that also aborts after
   * `requestTimeoutMs`, translating whatever it throws.
   */
  async request<T>(requestTimeoutMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.throwIfDone();
    const own = new AbortController();
    const timer = setTimeout(
      () => own.abort(new DOMException(`${this.label} request took longer than ${requestTimeoutMs} ms`, "TimeoutError")),
      requestTimeoutMs,
    );
    try {
      return await fn(AbortSignal.any([this.signal, own.signal]));
    } catch (error) {
      throw this.translate(error, own.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits `ms`, or throws the translated error as soon as the attempt is aborted. */
  async sleep(ms: number): Promise<void> {
    this.throwIfDone();
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(this.translate(this.signal.reason, undefined));
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      this.signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** True when `ctx.signal` aborted because the deadline passed rather than a cancel. */
  private deadlinePassed(): boolean {
    const reason: unknown = this.ctx.signal.reason;
    return (reason instanceof Error && reason.name === "TimeoutError") || Date.now() >= this.ctx.deadline - DEADLINE_SLACK_MS;
  }

  translate(error: unknown, requestSignal: AbortSignal | undefined): unknown {
    if (error instanceof AgentError) return error;
    if (this.ctx.signal.aborted) {
      if (this.deadlinePassed()) return new AgentError("timeout", `${this.label} did not answer before the deadline`);
      // The caller canceled: it knows why, give it back the AbortError as fetch threw it.
      return isAbortError(error) && !(error instanceof Error && error.name === "TimeoutError") ? error : abortError(this.ctx.signal.reason);
    }
    if (this.attempt.signal.aborted) return new AgentError("timeout", `${this.label} did not finish within its time budget`);
    if (requestSignal?.aborted) return new AgentError("timeout", `${this.label} did not answer in time`);
    if (isNetworkError(error)) {
      const code = networkCode(error) ?? "connection failed";
      // A fresh cause that holds only the failure's code: nothing from the request can leak through it.
      return new AgentError("unavailable", `Could not reach ${this.label} (${code})`, { cause: new Error(`network error: ${code}`) });
    }
    return error;
  }
}

/**
 * Percentages that never go backwards, and no duplicate reports: the drivers report the stages
 * of a model call through this.
 */
export class ProgressTracker {
  private last = 0;
  private lastStage: string | undefined;

  constructor(private readonly ctx: AgentContext) {}

  get percent(): number {
    return this.last;
  }

  async report(percent: number, stage: string, preview?: AgentImage): Promise<void> {
    const p = Math.max(this.last, Math.min(100, Math.round(percent)));
    if (p === this.last && stage === this.lastStage && !preview) return;
    this.last = p;
    this.lastStage = stage;
    await this.ctx.report(p, stage, preview);
  }
}

/** Validates a `baseUrl` option: http(s), no credentials in it; returns it without a trailing slash. */
export function normalizeBaseUrl(value: string): string {
  return value.replace(/\/+$/, "");
}

export function hasNoCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
