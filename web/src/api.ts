import {
  accountFields,
  adminAccountFields,
  agentFields,
  apiKeyFields,
  balanceFields,
  createdKeyFields,
  estimateFields,
  generationFields,
  historyFields,
  ledgerFields,
  viewerFields,
  type AccountBalance,
  type AccountStanding,
  type AdminAccount,
  type Agent,
  type AgentList,
  type ApiKey,
  type CreatedKey,
  type CreditPack,
  type Usage,
  type Purchase,
  type Estimate,
  type GenerateInput,
  type Generation,
  type HistoryItem,
  type KeyBudget,
  type LedgerEntry,
  type Page,
  type SessionView,
  type Viewer,
} from "./contract";
import type { PaletteInput } from "./palette";
import { fields } from "./selection";

/**
 * The client's only door to the service. Every request goes to our own origin (relative URLs,
 * credentials "same-origin"), so the session cookie never leaves it and the browser adds the
 * `Origin` header the server checks on state-changing calls.
 */

/** An error the API answered with: the envelope's message and code (REST) or errors[0] (GraphQL). */
/** A project as the web app lists it (contract section 13). */
export interface ProjectSummary {
  id: string;
  name: string;
  scale: number | null;
  assetCount: number;
}

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

export interface GraphQLErrorShape {
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
  return new ApiError("Cannot reach the service. Check your connection and try again.", "network_error", undefined, {
    cause: error instanceof Error ? error.message : String(error),
  });
}

/** A REST call with a JSON body; resolves to the JSON answer (undefined for 204). */
export async function rest<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { ...(body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" }), ...extra },
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
export async function gql<T>(query: string, variables?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      signal,
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
    if (ext.code === "unauthenticated") for (const listener of sessionEndedListeners) listener();
    throw new ApiError(first.message, ext.code ?? "graphql_error", response.status, ext.details ?? {}, ext.param, retryAfterOf(response, ext.details));
  }
  if (json?.error) {
    const e = json.error;
    throw new ApiError(
      e.message ?? `The request failed (${response.status}).`,
      e.code ?? "http_error",
      response.status,
      e.details ?? {},
      e.param,
      retryAfterOf(response, e.details),
    );
  }
  if (!response.ok || !json?.data) throw new ApiError(`The request failed (${response.status}).`, "http_error", response.status);
  return json.data;
}

/** What POST /api/v1/uploads answers (contract: UploadResponse). */
export interface UploadedAsset {
  id: string;
  generationId: string;
  source: "upload";
  name: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  url: string;
}

/** The stem of a file's name, as an upload's name: "hero.png" → "hero" (1–100 characters). */
export const uploadNameOf = (fileName: string): string =>
  fileName
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 100) || "upload";

/**
 * Uploads one image as the raw body with its own Content-Type (POST /api/v1/uploads, cookie auth).
 * XMLHttpRequest rather than fetch: it reports upload progress (0..1). Refusals throw the envelope's ApiError.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void, projectId?: string): Promise<UploadedAsset> {
  const query = new URLSearchParams({ name: uploadNameOf(file.name), ...(projectId ? { projectId } : {}) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/v1/uploads?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    // The browser's guess at the type ("" for an unknown extension): the service checks the bytes either way.
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(offline(new Error("upload failed")));
    xhr.onload = () => {
      let json: (Envelope & { asset?: UploadedAsset }) | undefined;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && json?.asset) return resolve(json.asset);
      const e = json?.error;
      const seconds = Number(xhr.getResponseHeader("retry-after"));
      reject(
        new ApiError(
          e?.message ?? `The upload failed (${xhr.status}).`,
          e?.code ?? "http_error",
          xhr.status,
          e?.details ?? {},
          e?.param,
          typeof e?.details?.retryAfterSeconds === "number" ? e.details.retryAfterSeconds : Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
        ),
      );
    };
    xhr.send(file);
  });
}

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// Operations

// An asset's exports: GraphQL lists them as {format, url}; the screens read REST's map by format.
const generation = fields({ ...generationFields, assets: { ...generationFields.assets, exports: { format: true, url: true } } });

type ExportsAnswer = Record<string, string> | { format: string; url: string }[] | null | undefined;
interface AssetAnswer {
  exports?: ExportsAnswer;
  layout?: unknown;
  tilesetLayout?: object | null;
}

/**
 * A generation as GraphQL, REST or the completed event answer it, as REST has it: each asset's
 * exports a map by format, and a tileset's layout (GraphQL's `tilesetLayout`) in `layout`.
 */
export function withExportMap<G extends { assets: AssetAnswer[] }>(g: G): Generation {
  return {
    ...g,
    assets: g.assets.map(({ tilesetLayout, ...a }) => ({
      ...a,
      layout: a.layout ?? (tilesetLayout ? { kind: "tileset", ...tilesetLayout } : null),
      exports: Array.isArray(a.exports) ? Object.fromEntries(a.exports.map((e) => [e.format, e.url])) : (a.exports ?? {}),
    })),
  } as unknown as Generation;
}
const apiKey = fields(apiKeyFields);

export const api = {
  session: () => rest<SessionView>("GET", "/api/auth/session"),
  signUp: (email: string, password: string) => rest<unknown>("POST", "/api/auth/sign-up", { email, password }),
  signIn: (email: string, password: string) => rest<unknown>("POST", "/api/auth/sign-in", { email, password }),
  signOut: () => rest<void>("POST", "/api/auth/sign-out"),
  /** Public: what each agent makes and costs (the sign-in screen shows it). */
  agents: () => rest<AgentList>("GET", "/api/ai/agents"),

  boot: () =>
    gql<{ viewer: Viewer | null; agents: Agent[]; defaultAgentId: string | null }>(
      `{ viewer { ${fields(viewerFields)} } agents { ${fields(agentFields)} } defaultAgentId }`,
    ),

  /** Credits per UTC day over the last `days` days, split by key or agent (the Credits page's chart). */
  usage: async (days: number, splitBy: "key" | "agent") =>
    (
      await gql<{ usage: Usage }>(
        `query Usage($from: String, $splitBy: String) { usage(from: $from, groupBy: "day", splitBy: $splitBy) { from to groupBy rows { day keyId agentId generations credits } total { generations credits } } }`,
        { from: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10), splitBy },
      )
    ).usage,

  /** Admins: usage across every account over the last `days` days, by agent, and the latest purchases. */
  adminOverview: async (days: number) =>
    gql<{ usage: Usage; purchases: Purchase[] }>(
      `query Overview($from: String) { usage(from: $from, groupBy: "agent", allAccounts: true) { from to groupBy rows { agentId generations credits } total { generations credits } }
        purchases(first: 10) { id accountId pack credits amountCents currency status creditsTakenBack createdAt paidAt } }`,
      { from: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10) },
    ),

  /** The credit packs on sale; none when buying credits is off (the route answers 404). */
  packs: async () => {
    try {
      return (await rest<{ packs: CreditPack[] }>("GET", "/api/billing/packs")).packs;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
  /** Starts buying a pack: Stripe Checkout's page to send the browser to. */
  checkout: (pack: string) => rest<{ url: string; sessionId: string }>("POST", "/api/billing/checkout", { pack }),

  /** The balance and the low-balance threshold (undefined: the session has ended). */
  account: async () => (await gql<{ viewer: { account: AccountStanding } | null }>(`{ viewer { account { ${fields(accountFields)} } } }`)).viewer?.account,

  /** Sets (or, with null, removes) the account's low-balance threshold (the banner and the credits.low webhook event). */
  setLowBalanceThreshold: async (credits: number | null) =>
    (
      await gql<{ setLowBalanceThreshold: AccountStanding }>(
        `mutation SetThreshold($credits: Int) { setLowBalanceThreshold(credits: $credits) { ${fields(accountFields)} } }`,
        { credits },
      )
    ).setLowBalanceThreshold,

  generate: async (input: GenerateInput) =>
    withExportMap(
      (await gql<{ generate: Generation }>(`mutation Generate($input: GenerateInput!) { generate(input: $input) { ${generation} } }`, { input })).generate,
    ),

  /** A palette swap of one of the viewer's assets: a new generation, queued, to follow like any other. */
  recolor: async (assetId: string, palette: PaletteInput) =>
    withExportMap(
      (
        await gql<{ recolorAsset: Generation }>(`mutation Recolor($id: ID!, $palette: JSON!) { recolorAsset(id: $id, palette: $palette) { ${generation} } }`, {
          id: assetId,
          palette,
        })
      ).recolorAsset,
    ),

  /** A dry run (GraphQL's estimate): what the agent would understand of the request and its price; generates and charges nothing. */
  estimate: async (input: GenerateInput, signal?: AbortSignal) =>
    (await gql<{ estimate: Estimate }>(`query Estimate($input: GenerateInput!) { estimate(input: $input) { ${fields(estimateFields)} } }`, { input }, signal))
      .estimate,

  cancel: async (id: string) =>
    withExportMap(
      (await gql<{ cancelGeneration: Generation }>(`mutation Cancel($id: ID!) { cancelGeneration(id: $id) { ${generation} } }`, { id })).cancelGeneration,
    ),

  generation: async (id: string) =>
    withExportMap((await gql<{ generation: Generation }>(`query Generation($id: ID!) { generation(id: $id) { ${generation} } }`, { id })).generation),

  // The page size is written into the document, not passed as a variable: the API's cost limit
  // counts a variable `first` as the largest page (100), a literal as what it is.
  generations: async (first: number, after: string | null, projectId: string | null = null) =>
    (
      await gql<{ generations: Page<HistoryItem> }>(
        `query History($after: String, $projectId: ID) { generations(first: ${Math.max(1, Math.min(100, Math.trunc(first)))}, after: $after, projectId: $projectId) { nodes { ${fields(historyFields)} } endCursor hasNextPage } }`,
        { after, projectId },
      )
    ).generations,

  projects: async () => (await gql<{ projects: ProjectSummary[] }>("{ projects { id name scale assetCount } }")).projects,

  createProject: async (name: string) =>
    (
      await gql<{ createProject: ProjectSummary }>(
        "mutation NewProject($name: String!) { createProject(input: { name: $name }) { id name scale assetCount } }",
        { name },
      )
    ).createProject,

  ledger: async (first: number, after: string | null) => {
    const data = await gql<{ viewer: { account: { balance: number; ledger: Page<LedgerEntry> } } | null }>(
      `query Ledger($first: Int!, $after: String) { viewer { account { balance
        ledger(first: $first, after: $after) { nodes { ${fields(ledgerFields)} } endCursor hasNextPage } } } }`,
      { first, after },
    );
    if (!data.viewer) throw new ApiError("Your session has ended. Sign in again.", "unauthenticated", 401);
    return data.viewer.account;
  },

  apiKeys: async () => (await gql<{ apiKeys: ApiKey[] }>(`{ apiKeys { ${apiKey} } }`)).apiKeys,

  createApiKey: async (name: string, scopes: string[], budget: KeyBudget | null = null) =>
    (
      await gql<{ createApiKey: CreatedKey }>(
        `mutation CreateKey($input: CreateApiKeyInput!) { createApiKey(input: $input) { ${fields(createdKeyFields)} } }`,
        {
          input: { name, scopes, ...(budget ? { budget } : {}) },
        },
      )
    ).createApiKey,

  /** Sets (or, with null, removes) a key's budget. */
  setKeyBudget: async (id: string, budget: KeyBudget | null) =>
    (
      await gql<{ updateApiKey: ApiKey }>(`mutation SetBudget($id: ID!, $input: UpdateApiKeyInput!) { updateApiKey(id: $id, input: $input) { ${apiKey} } }`, {
        id,
        input: { budget },
      })
    ).updateApiKey,

  revokeApiKey: async (id: string) => (await gql<{ revokeApiKey: boolean }>("mutation Revoke($id: ID!) { revokeApiKey(id: $id) }", { id })).revokeApiKey,

  accounts: async (search: string, first: number, after: string | null) =>
    (
      await gql<{ accounts: Page<AdminAccount> & { totalCount: number } }>(
        `query Accounts($search: String, $first: Int!, $after: String) {
          accounts(search: $search, first: $first, after: $after) { nodes { ${fields(adminAccountFields)} } endCursor hasNextPage totalCount } }`,
        { search: search.trim() || null, first, after },
      )
    ).accounts,

  grantCredits: async (accountId: string, amount: number, reason: string) =>
    (
      await gql<{ grantCredits: AccountBalance }>(
        `mutation Grant($accountId: ID!, $amount: Int!, $reason: String!) { grantCredits(accountId: $accountId, amount: $amount, reason: $reason) { ${fields(balanceFields)} } }`,
        { accountId, amount, reason },
      )
    ).grantCredits,

  deleteGeneration: async (id: string) =>
    (await gql<{ deleteGeneration: boolean }>("mutation DeleteGeneration($id: ID!) { deleteGeneration(id: $id) }", { id })).deleteGeneration,
  deleteAccount: async (password: string) => rest<null>("POST", "/api/auth/delete-account", { password }),
  storage: async () => (await gql<{ storage: { usedBytes: number; quotaBytes: number } }>("{ storage { usedBytes quotaBytes } }")).storage,

  adjustCredits: async (accountId: string, amount: number, reason: string) =>
    (
      await gql<{ adjustCredits: AccountBalance }>(
        `mutation Adjust($accountId: ID!, $amount: Int!, $reason: String!) { adjustCredits(accountId: $accountId, amount: $amount, reason: $reason) { ${fields(balanceFields)} } }`,
        { accountId, amount, reason },
      )
    ).adjustCredits,
};
