import { createClient } from "graphql-sse";

/**
 * The client's only door to the service. Every request goes to our own origin (relative URLs,
 * credentials "same-origin"), so the session cookie never leaves it and the browser adds the
 * `Origin` header the server checks on state-changing calls.
 */

/** An error the API answered with: the envelope's message and code (REST) or errors[0] (GraphQL). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | undefined,
    readonly details: Record<string, unknown> = {},
    readonly param?: string,
    /** Seconds to wait before retrying (429: Retry-After or details.retryAfterSeconds). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

interface Envelope {
  error?: { code?: string; message?: string; details?: Record<string, unknown>; param?: string };
}

interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; details?: Record<string, unknown>; param?: string };
}

const retryAfterOf = (response: Response | undefined, details: Record<string, unknown> | undefined): number | undefined => {
  const fromDetails = details?.retryAfterSeconds;
  if (typeof fromDetails === "number") return fromDetails;
  const header = response?.headers.get("retry-after");
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function offline(error: unknown): ApiError {
  return new ApiError(
    "Cannot reach the service. Check your connection and try again.",
    "network_error",
    undefined,
    { cause: error instanceof Error ? error.message : String(error) },
  );
}

/** A REST call with a JSON body; resolves to the JSON answer (undefined for 204). */
export async function rest<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw offline(error);
  }
  const json = (await readJson(response)) as (Envelope & T) | undefined;
  if (!response.ok) {
    const e = json?.error;
    throw new ApiError(
      e?.message ?? `The request failed (${response.status}).`,
      e?.code ?? "http_error",
      response.status,
      e?.details ?? {},
      e?.param,
      retryAfterOf(response, e?.details),
    );
  }
  return json as T;
}

const sessionEndedListeners = new Set<() => void>();

/** Called when a GraphQL call answers `unauthenticated` (the session is gone). Returns an unsubscribe. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

/** A GraphQL operation POSTed as JSON; throws the first error as an ApiError. */
export async function gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
  } catch (error) {
    throw offline(error);
  }
  const json = (await readJson(response)) as ({ data?: T | null; errors?: GraphQLErrorShape[] } & Envelope) | undefined;
  const first = json?.errors?.[0];
  if (first) {
    const ext = first.extensions ?? {};
    if (ext.code === "unauthenticated") sessionEndedListeners.forEach((listener) => listener());
    throw new ApiError(first.message, ext.code ?? "graphql_error", response.status, ext.details ?? {}, ext.param, retryAfterOf(response, ext.details));
  }
  if (json?.error) {
    const e = json.error;
    throw new ApiError(e.message ?? `The request failed (${response.status}).`, e.code ?? "http_error", response.status, e.details ?? {}, e.param, retryAfterOf(response, e.details));
  }
  if (!response.ok || !json?.data) throw new ApiError(`The request failed (${response.status}).`, "http_error", response.status);
  return json.data;
}

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// Types of what the screens read

export interface Size {
  width: number;
  height: number;
}

export interface Agent {
  id: string;
  name: string;
  description: string;
  credits: number;
  supportsTransparent: boolean;
  sizes: Size[];
  defaultSize: Size;
}

export interface SessionUser {
  id: string;
  email: string;
  role: string;
}

export interface Asset {
  id: string;
  url: string;
  mimeType: string;
  width: number;
  height: number;
  bytes?: number;
  b64?: string | null;
}

export type GenerationStatus = "queued" | "running" | "succeeded" | "failed" | "canceled";

export interface Generation {
  id: string;
  status: GenerationStatus;
  agentId: string;
  prompt: string | null;
  transparent: boolean;
  seed: number;
  width: number;
  height: number;
  createdAt: string;
  completedAt?: string | null;
  assets: Asset[];
  credits?: { charged: number; refunded: number; balance: number };
  error?: { code: string; message: string } | null;
}

export interface Page<T> {
  nodes: T[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface LedgerEntry {
  id: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  reason: string | null;
  createdAt: string;
  generationId: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  start: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface AdminAccount {
  id: string;
  balance: number;
  createdAt: string;
  user: { id: string; email: string; role: string } | null;
}

export interface GenerationEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

export interface GenerateInput {
  prompt: string;
  agentId: string;
  width: number;
  height: number;
  transparent: boolean;
  seed?: number;
}

// ---------------------------------------------------------------------------------------------
// Operations

const generationFields = `id status agentId prompt transparent seed width height createdAt completedAt
  assets { id url mimeType width height bytes } credits { charged refunded balance } error { code message }`;

export const api = {
  session: () => rest<{ user: SessionUser; account: { id: string; balance: number } }>("GET", "/api/auth/session"),
  signUp: (email: string, password: string) => rest<unknown>("POST", "/api/auth/sign-up", { email, password }),
  signIn: (email: string, password: string) => rest<unknown>("POST", "/api/auth/sign-in", { email, password }),
  signOut: () => rest<void>("POST", "/api/auth/sign-out"),
  /** Public: what each agent makes and costs (the sign-in screen shows it). */
  agents: () => rest<{ agents: Agent[]; defaultAgentId: string | null }>("GET", "/api/ai/agents"),

  boot: () =>
    gql<{
      viewer: { user: SessionUser; account: { id: string; balance: number } } | null;
      agents: Agent[];
      defaultAgentId: string;
    }>(`{
      viewer { user { id email role } account { id balance } }
      agents { id name description credits supportsTransparent sizes { width height } defaultSize { width height } }
      defaultAgentId
    }`),

  balance: async () => (await gql<{ viewer: { account: { balance: number } } | null }>("{ viewer { account { balance } } }")).viewer?.account.balance,

  generate: async (input: GenerateInput) =>
    (await gql<{ generate: Generation }>(`mutation Generate($input: GenerateInput!) { generate(input: $input) { ${generationFields} } }`, { input })).generate,

  cancel: async (id: string) =>
    (await gql<{ cancelGeneration: Generation }>(`mutation Cancel($id: ID!) { cancelGeneration(id: $id) { ${generationFields} } }`, { id })).cancelGeneration,

  generation: async (id: string) =>
    (await gql<{ generation: Generation }>(`query Generation($id: ID!) { generation(id: $id) { ${generationFields} } }`, { id })).generation,

  generations: async (first: number, after: string | null) =>
    (
      await gql<{ generations: Page<Generation> }>(
        `query History($first: Int!, $after: String) { generations(first: $first, after: $after) { nodes { ${generationFields} } endCursor hasNextPage } }`,
        { first, after },
      )
    ).generations,

  ledger: async (first: number, after: string | null) => {
    const data = await gql<{ viewer: { account: { balance: number; ledger: Page<LedgerEntry> } } | null }>(
      `query Ledger($first: Int!, $after: String) { viewer { account { balance
        ledger(first: $first, after: $after) { nodes { id kind amount balanceAfter reason createdAt generationId } endCursor hasNextPage } } } }`,
      { first, after },
    );
    if (!data.viewer) throw new ApiError("Your session has ended. Sign in again.", "unauthenticated", 401);
    return data.viewer.account;
  },

  apiKeys: async () =>
    (await gql<{ apiKeys: ApiKey[] }>("{ apiKeys { id name start scopes createdAt lastUsedAt expiresAt } }")).apiKeys,

  createApiKey: async (name: string, scopes: string[]) =>
    (
      await gql<{ createApiKey: { secret: string; apiKey: ApiKey } }>(
        `mutation CreateKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id name start scopes createdAt lastUsedAt expiresAt } } }`,
        { input: { name, scopes } },
      )
    ).createApiKey,

  revokeApiKey: async (id: string) =>
    (await gql<{ revokeApiKey: boolean }>("mutation Revoke($id: ID!) { revokeApiKey(id: $id) }", { id })).revokeApiKey,

  accounts: async (search: string, first: number, after: string | null) =>
    (
      await gql<{ accounts: Page<AdminAccount> & { totalCount: number } }>(
        `query Accounts($search: String, $first: Int!, $after: String) {
          accounts(search: $search, first: $first, after: $after) { nodes { id balance createdAt user { id email role } } endCursor hasNextPage totalCount } }`,
        { search: search.trim() || null, first, after },
      )
    ).accounts,

  grantCredits: async (accountId: string, amount: number, reason: string) =>
    (
      await gql<{ grantCredits: { id: string; balance: number } }>(
        "mutation Grant($accountId: ID!, $amount: Int!, $reason: String!) { grantCredits(accountId: $accountId, amount: $amount, reason: $reason) { id balance } }",
        { accountId, amount, reason },
      )
    ).grantCredits,

  adjustCredits: async (accountId: string, amount: number, reason: string) =>
    (
      await gql<{ adjustCredits: { id: string; balance: number } }>(
        "mutation Adjust($accountId: ID!, $amount: Int!, $reason: String!) { adjustCredits(accountId: $accountId, amount: $amount, reason: $reason) { id balance } }",
        { accountId, amount, reason },
      )
    ).adjustCredits,
};

// ---------------------------------------------------------------------------------------------
// Live progress: the generationEvents subscription over graphql-sse (distinct connections mode:
// one POST with Accept: text/event-stream per subscription).

const sse = createClient({ url: "/graphql/stream", credentials: "same-origin", retryAttempts: 3 });

const terminal = new Set(["generation.completed", "generation.failed"]);

export interface Follow {
  /** Every event once, in order (a reconnection resumes after the last one seen). */
  onEvent(event: GenerationEvent): void;
  onError(error: ApiError): void;
}

/**
 * Follows a generation until its completed or failed event. A stream that ends early (the
 * server restarting sends stream.closed) is resumed after the last event seen. Returns a stop function.
 */
export function followGeneration(id: string, sink: Follow): () => void {
  let lastSeq = 0;
  let stopped = false;
  let done = false;
  let resumes = 0;
  let dispose: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    dispose = sse.subscribe<{ generationEvents: GenerationEvent }>(
      {
        query: "subscription Follow($id: ID!, $after: Int) { generationEvents(id: $id, after: $after) { seq type data } }",
        variables: { id, after: lastSeq },
      },
      {
        next(result) {
          if (stopped) return;
          const first = result.errors?.[0] as GraphQLErrorShape | undefined;
          if (first) {
            done = true;
            sink.onError(new ApiError(first.message, first.extensions?.code ?? "graphql_error", undefined, first.extensions?.details ?? {}));
            return;
          }
          const event = result.data?.generationEvents;
          if (!event || event.seq <= lastSeq) return;
          lastSeq = event.seq;
          resumes = 0;
          if (terminal.has(event.type)) done = true;
          sink.onEvent(event);
        },
        error(error) {
          if (stopped || done) return;
          done = true;
          sink.onError(error instanceof ApiError ? error : new ApiError(errorMessage(error) || "The progress stream failed.", "stream_error", undefined));
        },
        complete() {
          if (stopped || done) return;
          // Ended without a final event: resume where we stood.
          if (resumes++ < 5) timer = setTimeout(open, 500 * resumes);
          else sink.onError(new ApiError("Lost the progress stream. The generation goes on: find it in History.", "stream_error", undefined));
        },
      },
    );
  };
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    dispose?.();
  };
}
