import type { z } from "zod";
import type { AssetPreviews } from "../../agents/index.js";
import type { Quote } from "../../domain/generation/quote.js";
import { AppError } from "../../contract/errors.js";
import type { AgentView } from "../../contract/schemas/agents.js";
import { terminalEventTypes, type EstimateView, type GenerationView, type InterpretationView } from "../../contract/schemas/generation.js";
import type { paletteValue } from "../../contract/schemas/palette.js";
import type { sheetRequest } from "../../contract/schemas/sheet.js";
import type { tilesetRequest } from "../../contract/schemas/tileset.js";
import type { KitEstimateView, KitRequest, KitView } from "../../contract/schemas/kit.js";
import type { UploadView } from "../../domain/uploads/uploads.js";

/**
 * What the MCP tools need from the service, as one small interface with two implementations:
 * in-process (`in-process.ts`: the use-cases, with the request's viewer; served at `/mcp`) and
 * remote (`remote.ts`: a REST client of this service's own API; `npm run mcp` over stdio). The
 * tools (`tools.ts`) are written once against it. Every method throws AppError (the contract's
 * codes) for what the service refused.
 */
export interface AssetApi {
  /** The enabled agents, their prices and sizes (public). */
  listAgents(): Promise<AgentList>;
  /** What one generation with `agentId` (or the default agent) at that size would cost, and whether the balance covers it. Charges nothing. */
  /**
   * What generate_asset would cost: the agent's price and size against the balance; with a prompt
   * (or messages), the REST dry run's answer, its interpretation included.
   */
  estimate(input: EstimateInput): Promise<Estimate>;
  /**
   * Submits a generation (the same request body as `POST /api/v1/generate`) under `idempotencyKey`,
   * then follows it for at most `waitMs`, reporting progress: answers where it stands at the end
   * or at the bound, never a timeout error. Refusals (402, 400, 403, 429…) are thrown.
   */
  generate(input: GenerateInput, options: GenerateOptions): Promise<GenerateResult>;
  /**
   * A palette swap of the caller's asset (`POST /api/v1/assets/:id/recolor`): a new generation of
   * the asset's agent mapping it onto `palette`, its size and layout kept, under `idempotencyKey`;
   * followed like `generate`. 404 for an asset that is not the caller's; 400 naming `palette`.
   */
  recolor(assetId: string, palette: PaletteInput, options: GenerateOptions): Promise<GenerateResult>;
  /**
   * A kit (`POST /api/v1/kits`, contract section 13): several assets at one scale and palette packed into one atlas,
   * waiting for every item (at most `waitMs`; items unfinished then are canceled and refunded); with `dryRun`, the
   * price of each item and the total, nothing charged.
   */
  kit(input: KitRequest, options: { idempotencyKey: string; waitMs: number; signal?: AbortSignal }): Promise<KitView | KitEstimateView>;
  getGeneration(id: string): Promise<GenerationView>;

  cancel(id: string): Promise<GenerationView>;
  balance(): Promise<number>;
  /**
   * The stem its files are handed out under (contract section 13, Names: its kit item's name, else a slug of its
   * prompt; domain/generation/asset-name.ts), for the answers' resource links. `sha256` lets the remote client ask
   * without the bytes (a conditional GET: 304 with the name).
   */
  assetName(id: string, sha256: string): Promise<string>;
  /** The caller's kit as GET /api/v1/kits/:id answers it (404 for another's). */
  getKit(id: string): Promise<KitView>;
  /**
   * Stores the caller's picture as an asset (`POST /api/v1/uploads`, contract section 14): free, counted against the
   * generate rate limit and the storage quota; `{url}` is fetched through the public-address guard within the byte
   * limit. Refusals: 413 `payload_too_large`, 415 `unsupported_media_type`, 400 `invalid_image` / `invalid_request`.
   */
  uploadImage(source: UploadSource, options: { name?: string; signal?: AbortSignal }): Promise<UploadView>;
  /** The asset's bytes (the caller's own only: 404 otherwise). */
  readAsset(id: string): Promise<AssetBytes>;
  /** An engine file of the caller's asset (`GET /api/v1/assets/:id/export/:format`): 404 listing the formats that apply. */
  readExport(id: string, format: string): Promise<ExportBytes>;
  /** Small pictures of an asset for the answers (agents/previews.ts: the image work is the agents'). */
  previews: AssetPreviews;
}

/** upload_image's picture: its bytes (decoded from base64), or a URL to fetch. */
export type UploadSource = { data: Uint8Array } | { url: string };

export interface AgentList {
  agents: AgentView[];
  defaultAgentId: string | null;
}

/** A quote (domain/generation/quote.ts); with a prompt, the dry run's, which adds what was understood. */
export interface Estimate extends Quote {
  /** With a prompt: what a procedural agent understood (null for model agents, which read it as it is). */
  interpretation?: InterpretationView | null;
}

/** estimate_cost's arguments: a generation request whose prompt is optional. */
export type EstimateInput = Omit<GenerateInput, "seed">;

/** The Estimate of a REST dry run (`dryRun: true`), given the agent's name. */
export function estimateOfDryRun(dryRun: EstimateView, agentName: string): Estimate {
  return {
    agentId: dryRun.agentId,
    agentName,
    width: dryRun.width,
    height: dryRun.height,
    credits: dryRun.credits.price,
    balance: dryRun.credits.balance,
    sufficient: dryRun.credits.balance >= dryRun.credits.price,
    interpretation: dryRun.interpretation,
    output: dryRun.output ?? "image",
    ...(dryRun.layout ? { layout: dryRun.layout } : {}),
  };
}

/** `sheet` of the generation request, as checked (defaults not filled in). */
export type SheetInput = z.output<typeof sheetRequest>;

/** `tileset` of the generation request, as checked. */
export type TilesetInput = z.output<typeof tilesetRequest>;

/** `palette` of the generation request: a palette name or its colours. */
export type PaletteInput = z.output<typeof paletteValue>;

/** The generation request (contract section 3), as the tools pass it on. */
export interface GenerateInput {
  prompt?: string;
  messages?: { role: "system" | "user" | "assistant"; content: string }[];
  agentId?: string;
  width?: number;
  height?: number;
  transparent?: boolean;
  seed?: number;
  sheet?: SheetInput;
  tileset?: TilesetInput;
  palette?: PaletteInput;
}

export interface Progress {
  percent: number;
  stage: string;
}

export interface GenerateOptions {
  idempotencyKey: string;
  /** How long to follow the generation before answering it as it stands. */
  waitMs: number;
  /** Ends the wait early (the client went away or canceled, or the server shuts down). */
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** The error of a `generation.failed` event (code `canceled` for a cancel). */
export interface GenerationFailure {
  code: string;
  message: string;
  retryable?: boolean;
  param?: string;
  details?: Record<string, unknown>;
}

export interface GenerateResult {
  /** The generation at the end of the wait: finished (succeeded, failed, canceled), or still queued/running. */
  generation: GenerationView;
  /** True when `idempotencyKey` was used before: nothing was done or charged by this call. */
  replayed: boolean;
  /** Set when it failed or was canceled. */
  failure?: GenerationFailure;
}

export interface AssetBytes {
  id: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface ExportBytes {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** One stored or live event of a generation (REST SSE frames and the in-process stream alike). */
export interface GenerationEventLike {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/** Opens the generation's events after `after`; the iteration ends at the terminal event or when `signal` aborts. */
export type OpenEvents = (after: number, signal: AbortSignal) => AsyncIterable<GenerationEventLike>;

export type Followed = { kind: "completed"; generation: GenerationView } | { kind: "failed"; failure: GenerationFailure } | { kind: "pending" };

/**
 * Follows a generation's events for at most `waitMs` (or until `signal`), reporting progress.
 * A stream that ends without its terminal event (the server closed it) is reopened after the
 * last event seen. Answers `pending` at the bound.
 */
export async function follow(open: OpenEvents, options: Omit<GenerateOptions, "idempotencyKey">): Promise<Followed> {
  const bound = new AbortController();
  const timer = setTimeout(() => bound.abort(), Math.max(0, options.waitMs));
  const signal = options.signal ? AbortSignal.any([bound.signal, options.signal]) : bound.signal;
  let after = 0;
  let percent = -1;
  const report = (next: number, stage: string) => {
    if (!options.onProgress || !(next > percent)) return; // progress only ever increases
    percent = next;
    options.onProgress({ percent: next, stage });
  };
  try {
    while (!signal.aborted) {
      try {
        for await (const m of open(after, signal)) {
          after = Math.max(after, m.seq);
          if (m.type === "generation.queued") report(0, "queued");
          else if (m.type === "generation.progress" && typeof m.data.percent === "number") report(m.data.percent, String(m.data.stage ?? "running"));
          else if (m.type === "generation.completed") {
            report(100, "completed");
            return { kind: "completed", generation: m.data as unknown as GenerationView };
          } else if (m.type === "generation.failed") {
            return { kind: "failed", failure: (m.data.error ?? { code: "generator_unavailable", message: "The generation failed." }) as GenerationFailure };
          }
          if (terminalEventTypes.has(m.type)) break;
        }
      } catch (error) {
        if (signal.aborted) break;
        throw error;
      }
      await sleep(500, signal);
    }
    return { kind: "pending" };
  } finally {
    clearTimeout(timer);
    bound.abort(); // ends whatever still listens
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/** The agent named `agentId` (or the default one) among `list`, else the contract's 400. */
export function pickAgent(list: AgentList, agentId: string | undefined): AgentView {
  const wanted = agentId ?? list.defaultAgentId;
  const agent = list.agents.find((a) => a.id === wanted);
  if (agent) return agent;
  const others = list.agents.map((a) => a.id).join(", ") || "none is enabled";
  if (agentId === undefined) {
    throw new AppError("invalid_request", `There is no default agent right now; name one with agentId: ${others}.`, { param: "agentId" });
  }
  throw new AppError("unknown_agent", `No agent is called ${JSON.stringify(agentId)}. Use one of: ${others}.`, { param: "agentId" });
}

/** A generation without inline bytes (`b64`): tool answers stay small. */
export function withoutBytes(g: GenerationView): GenerationView {
  return { ...g, assets: g.assets.map(({ b64: _b64, ...asset }) => asset) };
}
