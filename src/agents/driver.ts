import type { ZodType } from "zod";
import type { Animation, AssetQualityReport, MapLayout, SheetLayout, SheetRequest, TilesetLayout, TilesetLayoutName, TilesetRequest } from "./outputs.js";

export * from "./outputs.js";

/**
 * The contract between the service and whatever makes images: procedural drawers in this process,
 * or models reached over HTTP. A driver makes ONE attempt per call; the job queue retries the
 * retryable failures (with backoff, honouring `retryAfterMs`) and refunds when it gives up.
 */

export interface AgentMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What to make. Sizes and options were validated against the agent before the job was queued. */
export interface AgentJob {
  /** Exactly one of `prompt` and `messages` is set. */
  prompt?: string;
  messages?: AgentMessage[];
  /** The asked size: one of the agent's sizes. */
  width: number;
  height: number;
  /** true: every background pixel of the asset has alpha 0, the subject stays opaque. */
  transparent: boolean;
  /** 0..2^31-1. Same job, same seed: same bytes, where the driver can promise it. */
  seed: number;
  /** Per-request options the agent accepts (e.g. `strict`), already validated. */
  options: Record<string, unknown>;
  /** A sprite sheet instead of one picture (contract section 12); `width`×`height` is then one frame. */
  sheet?: SheetRequest;
  /** A tileset instead of one picture (contract section 12); `width`×`height` is then one tile. */
  tileset?: TilesetRequest;
  /** The palette every pixel with alpha > 0 must be one of (contract section 12), as `#rrggbb`; its name when named. */
  palette?: { name?: string; colors: string[] };
  /** The driver's own reading of the prompt (`read`), made once at submit and stored with the generation; absent for models. */
  reading?: PromptReading;
  /**
   * The caller's picture (contract section 14's `image`: an upload or any asset of theirs), decoded; set only for
   * agents whose `inputs` include "image". With it, `prompt` may be absent where the driver says so (`images.promptOptional`).
   */
  image?: AgentImageInput;
  /**
   * A tileset's terrains that name the caller's textures (contract section 14: `tileset.terrains` items that are
   * asset ids), decoded, keyed by asset id; set only when some terrain is one.
   */
  terrainImages?: Record<string, AgentImageInput>;
}

/** A caller's picture handed to a driver (contract section 14), decoded once by the service. */
export interface AgentImageInput {
  /** The asset it came from (an upload, a data URL stored as an upload, or a generated asset). */
  assetId: string;
  width: number;
  height: number;
  /** width × height × 4 bytes: sRGB, straight (not premultiplied) alpha. */
  rgba: Uint8Array;
  /** The stored PNG, as the service serves it (what a model driver sends to its provider). */
  png: Buffer;
  /** A sheet's or tileset's layout when the asset has one (generated, or given by POST /api/v1/assets/:id/slice). */
  layout?: SheetLayout | TilesetLayout | MapLayout;
}

/** What a driver that takes the caller's picture offers (contract section 14); a driver without it takes none. */
export interface ImageCapability {
  /** True when a job with an image needs no prompt (pixel-fixer, cutout). */
  promptOptional?: boolean;
  /**
   * True when the output's size comes from the image, not from the agent's `sizes` (pixel-fixer: the detected
   * grid, or any asked `width`×`height`; cutout: the image's own size). See `imageAgentSize` (output-size.ts).
   */
  sizeFromImage?: boolean;
  /**
   * Why this image cannot be used for this job (a sheet direction the sprite does not show, a picture with no
   * subject), else undefined. Cheap; called at submit, so the refusal charges nothing.
   */
  refusal?(job: Pick<AgentJob, "prompt" | "messages" | "sheet" | "tileset" | "width" | "height" | "image">): string | undefined;
}

/**
 * A driver's reading of a prompt (`AgentDriver.read`): plain JSON only the driver understands, made once per
 * generation, stored with it, and handed back to `interpret`, a sheet's `refusal` and `generate` (`job.reading`).
 */
export type PromptReading = object;

export interface AgentImage {
  png: Buffer;
  width: number;
  height: number;
  /** A sheet's or tileset's layout (absent for a plain image). */
  layout?: SheetLayout | TilesetLayout | MapLayout;
  /** Measured on the pixels (every asset the service finishes carries it). */
  quality?: AssetQualityReport;
  /** The pixel fixer's reading of the caller's picture: stored as the generation's `interpretation.detected`. */
  detected?: DetectedGrid;
}

/** What the pixel fixer found in a picture (contract section 14's `interpretation.detected`). */
export interface DetectedGrid {
  /** Source pixels per art pixel (mean of both axes, 2 decimals). */
  scale: number;
  /** The art's size in pixels (cells). */
  width: number;
  height: number;
  /** Where the grid starts in the source, px (negative: the first cell was cut by the picture's edge). */
  offsetX: number;
  offsetY: number;
  /** 0–1: how sure the fixer is that the picture is pixel art on this grid (low on a photo). */
  confidence: number;
}

export interface AgentContext {
  /**
   * Aborted when the generation is canceled or its deadline passes. A driver stops its work
   * promptly (closes its HTTP request, stops drawing) and throws.
   */
  signal: AbortSignal;
  /** Epoch milliseconds by which this attempt must end (`signal` aborts then too). */
  deadline: number;
  /**
   * Progress for the generation's stream: `percent` 0–100 (the service keeps it non-decreasing),
   * a short `stage` ("calling model", "post-processing"), and optionally a low-resolution preview.
   */
  report(percent: number, stage: string, preview?: AgentImage): Promise<void>;
}

export interface AgentResult {
  images: AgentImage[];
}

/** What a driver understood of a prompt (contract section 3's `interpretation`). */
export interface Interpretation {
  /** The subject it will draw, e.g. "potion"; null when it found none it knows. */
  subject: string | null;
  /** Words that change how it is drawn: colours, materials, styles, secondary items ("sword"). */
  modifiers: string[];
  /** Words it did not use. */
  ignored: string[];
  /** True when the subject was not recognised and the driver falls back to a generic design. */
  fallback: boolean;
  /**
   * On fallback: for each word it did not know, the nearest subjects it does know ("dragn" →
   * dragon), to name instead. Absent when it did not fall back or found nothing near.
   */
  suggestions?: Suggestion[];
  /**
   * Words it has no reading of its own for, each read as the nearest word it does ("okapi" → giraffe,
   * "thawing" → melting): what stood in for what. Absent when every word was read as written.
   */
  readAs?: ReadAs[];
}

/** A word of the prompt read as the nearest word an agent knows. */
export interface ReadAs {
  /** The prompt's word (lower case, as written). */
  word: string;
  /** The known word it was read as: a subject, an action, a state or a look. */
  as: string;
}

/** Subjects an agent knows that are near a word of the prompt it did not know. */
export interface Suggestion {
  /** The prompt's word (as written, lower case) or the subject it named that this agent does not draw. */
  word: string;
  /** Subjects this agent draws, nearest first. */
  subjects: string[];
}

/** What a driver that reads the prompt itself understands (contract section 6's `knows`). */
export interface AgentKnowledge {
  /** Canonical subjects it draws, its own designs and those it draws as a broader subject it has. */
  subjects: string[];
  /** Colours, materials and effects it honours (canonical names). */
  modifiers: string[];
  /** Style words it honours (canonical names; "no outline" for a style it can switch off). */
  styles: string[];
}

/** What a driver that draws sprite sheets offers (contract section 12); a driver without it draws images only. */
export interface SheetCapability {
  /** Frames of each animation (one row per direction). */
  framesPerAnimation: Readonly<Record<Animation, number>>;
  /** Largest width or height of a sheet's PNG it draws. */
  maxSidePx: number;
  /** Why this prompt cannot be drawn as a sheet (e.g. it names an object, not a figure), else undefined. Cheap, no drawing. */
  refusal?(job: Pick<AgentJob, "prompt" | "messages">, reading?: PromptReading): string | undefined;
}

/** What a driver that draws autotiling tilesets offers; a driver without it draws no tilesets. */
export interface TilesetCapability {
  layouts: readonly TilesetLayoutName[];
  /** Why these terrains cannot be drawn (a terrain it does not know as a surface), else undefined. Cheap, no drawing. */
  refusal?(request: TilesetRequest): TerrainRefusal | undefined;
}

/** A terrain a tileset agent cannot draw, in words and as data (the error's `details`: a client offers the surfaces). */
export interface TerrainRefusal {
  message: string;
  terrain: string;
  /** Surfaces it draws, to suggest instead. */
  knownSurfaces: string[];
}

export interface AgentDriver {
  generate(job: AgentJob, ctx: AgentContext): Promise<AgentResult>;
  /** Present when it draws tilesets (`job.tileset`); the result's image then carries a tileset `layout` and `quality`. */
  tilesets?: TilesetCapability;
  /** Present when it draws sprite sheets (`job.sheet`); the result's image then carries `layout` and `quality`. */
  sheets?: SheetCapability;
  /** true when it sets its pictures on badges (icons): a request's `badge` reaches it as `job.options.badge`. */
  badges?: boolean;
  /** Present when it takes the caller's picture (`job.image`): its agents list `inputs: ["prompt", "image"]`. */
  images?: ImageCapability;
  /**
   * Models: the largest picture (in pixels) the driver hands over before post-processing (twice `nativeSize` a
   * side), counted in the pixel budget; absent where the driver's image is the asset (procedural).
   */
  maxImagePixels?: number;
  /**
   * Drivers that read the prompt themselves (procedural) say what they understood, cheaply and
   * without drawing: shown on every generation, used by `strict` and `dryRun`. Models leave it out.
   */
  interpret?(job: Pick<AgentJob, "prompt" | "messages">, reading?: PromptReading): Interpretation;
  /**
   * With `interpret`: reads the prompt once (the service calls it once per generation, at submit), into what
   * `interpret`, a sheet's `refusal` and `generate` (as `job.reading`) take instead of reading the prompt again.
   */
  read?(job: Pick<AgentJob, "prompt" | "messages">): PromptReading;
  /** With `interpret`: the subjects it knows (listed to a caller whose strict prompt matched none). */
  knownSubjects?(): string[];
  /**
   * With `interpret`: every subject, modifier and style it understands (listed by `GET /api/ai/agents`,
   * `list_agents` and llms.txt), each checked against `interpret` itself, so the list never claims
   * more than it draws. Models leave it out.
   */
  knows?(): AgentKnowledge;
}

/**
 * How an attempt failed. Only `rejected` is final (the model refused the prompt: 422
 * `content_rejected`); `rate_limited`, `timeout` and `unavailable` are retried by the queue and,
 * when the retries run out, answered as 503 `generator_unavailable` with `details.reason`.
 */
export type AgentErrorKind = "rejected" | "rate_limited" | "timeout" | "unavailable";

export interface AgentErrorOptions {
  /** When the provider said how long to wait (e.g. `retry-after`), in milliseconds. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class AgentError extends Error {
  override name = "AgentError";
  readonly kind: AgentErrorKind;
  readonly retryAfterMs?: number;

  /** `message` may reach the caller: never put a secret, a URL with credentials or a raw upstream body in it. */
  constructor(kind: AgentErrorKind, message: string, options: AgentErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs;
  }

  get retryable(): boolean {
    return this.kind !== "rejected";
  }
}

/** True for the error a driver throws when its `signal` aborted (fetch's AbortError, ours, or the signal's reason). */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/** What a driver may use from the process: secrets by name (never `process.env`), `fetch`, a logger. */
export interface DriverEnvironment {
  /** The value of the environment variable a catalog entry names (e.g. `apiKeyEnv`), or undefined. */
  secret(name: string): string | undefined;
  fetch: typeof fetch;
  log: { warn(msg: string, fields?: Record<string, unknown>): void; info(msg: string, fields?: Record<string, unknown>): void };
}

export interface Size {
  width: number;
  height: number;
}

/**
 * What an agent is called, costs and makes: the fields a driver's built-in agents give by default
 * (an entry naming that driver may then omit them).
 */
export interface AgentDefaults {
  name: string;
  description: string;
  credits: number;
  sizes: Size[];
  defaultSize: Size;
  supportsTransparent: boolean;
}

/**
 * A kind of driver the catalog can name (`"driver": "openai-images"`): the schema of its entry's
 * `options`, the environment variables those options require, and how to build a driver.
 */
export interface DriverKind<O = Record<string, unknown>> {
  name: string;
  /**
   * True when the driver already makes the asset as asked (exact size, transparency): no
   * post-processing. Model drivers return their native image and leave this unset.
   */
  exactAssets?: boolean;
  /** Catalog fields an entry naming this driver may omit (built-in agents). */
  defaults?: AgentDefaults;
  /** Validates the entry's `options` object (unknown fields refused). */
  options: ZodType<O>;
  /** Environment variables these options need set (checked at start-up, named in the error). */
  requiredSecrets?(options: O): string[];
  create(options: O, env: DriverEnvironment): AgentDriver;
}
