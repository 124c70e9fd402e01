import type { ZodType } from "zod";

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
}

/** The animations a sheet can hold, in the order their rows come (contract section 12). */
export const ANIMATIONS = ["idle", "walk", "attack", "hurt", "death"] as const;
export type Animation = (typeof ANIMATIONS)[number];

/** Compass names seen from the camera: `south` faces the viewer. 1 direction is south; 4 add east, north, west; 8 the diagonals. */
export const DIRECTIONS = ["south", "east", "north", "west", "south-east", "north-east", "north-west", "south-west"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The directions a sheet of 1, 4 or 8 directions draws, in row order. */
export function directionsOf(count: 1 | 4 | 8): Direction[] {
  return DIRECTIONS.slice(0, count) as Direction[];
}

export interface SheetRequest {
  /** 1–5 animations, each at most once; rows follow this order. */
  animations: Animation[];
  directions: 1 | 4 | 8;
  /** Frames per second, 1–30. */
  fps: number;
}

/** One row of a sheet: one animation seen from one direction. */
export interface SheetRow {
  name: Animation;
  direction: Direction;
  row: number;
  frames: number;
  fps: number;
  loop: boolean;
}

/** What is where in a sheet's PNG: cell (column c, row r) is at (c × frameWidth, r × frameHeight). */
export interface SheetLayout {
  kind: "sheet";
  frameWidth: number;
  frameHeight: number;
  columns: number;
  rows: number;
  animations: SheetRow[];
}

/** Measured on the pixels of the sheet (contract section 12's `quality`). */
export interface SheetQuality {
  /** Distinct opaque colours in the whole PNG. */
  colors: number;
  /** Share of pixels with alpha > 0 that are one of the asked palette's colours (1.0 with no palette). */
  paletteCompliance: number;
  /** The largest spread of the feet's row (lowest opaque row) across the frames of one row, `death` excepted. */
  baselineJitterPx: number;
  /** The largest spread of the silhouette's height across the frames of one row, `attack` and `death` excepted. */
  bboxHeightRangePx: number;
}

/** Autotile layouts (contract section 12). */
export const TILESET_LAYOUTS = ["wang-corner-16", "wang-edge-16", "blob-47"] as const;
export type TilesetLayoutName = (typeof TILESET_LAYOUTS)[number];

export interface TilesetRequest {
  layout: TilesetLayoutName;
  /**
   * 1–2 terrain texts. `terrains[0]` is the foreground (the terrain a tile's bits mark, drawn over
   * the other: grass over dirt), `terrains[1]` the background; with one terrain the background is
   * transparency (a platform).
   */
  terrains: string[];
}

/** A terrain of a tile's corner, edge or body: its index in `terrains`, or null for transparency (one-terrain sets). */
export type TerrainRef = number | null;

/** One tile of a tileset: where it is in the PNG (pixels) and which terrain each corner, edge or neighbour has. */
export interface TileEntry {
  index: number;
  x: number;
  y: number;
  /** wang-corner-16 */
  corners?: { nw: TerrainRef; ne: TerrainRef; se: TerrainRef; sw: TerrainRef };
  /** wang-edge-16 */
  edges?: { n: TerrainRef; e: TerrainRef; s: TerrainRef; w: TerrainRef };
  /** blob-47: the neighbours of the same terrain as the tile's (N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128; a corner only with both its edges). */
  mask?: number;
  /** blob-47: the tile's own terrain (0, the foreground, for the 47; the background's plain fill tile is terrain 1 with mask 255). */
  terrain?: TerrainRef;
}

export interface TilesetLayout {
  kind: "tileset";
  layout: TilesetLayoutName;
  tileWidth: number;
  tileHeight: number;
  columns: number;
  rows: number;
  terrains: string[];
  tiles: TileEntry[];
}

/** Measured on the pixels of a tileset. */
export interface TilesetQuality {
  colors: number;
  paletteCompliance: number;
  /** Mean colour change across tile edges ÷ mean change between neighbouring pixels inside tiles, on a random map painted by the layout's rule (1.0 = no visible seam; higher = a seam shows). */
  seamScore: number;
}

/** An asset's quality report: the figures of every image, and those of a sheet or a tileset. */
export type AssetQualityReport = Partial<SheetQuality & TilesetQuality> & {
  colors: number;
  paletteCompliance: number;
  alphaCoverage?: number;
  bbox?: { x: number; y: number; width: number; height: number } | null;
  edgeContrast?: number;
  tileabilityScore?: number;
};

export interface AgentImage {
  png: Buffer;
  width: number;
  height: number;
  /** A sheet's or tileset's layout (absent for a plain image). */
  layout?: SheetLayout | TilesetLayout;
  /** Measured on the pixels (every asset the service finishes carries it). */
  quality?: AssetQualityReport;
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
  refusal?(job: Pick<AgentJob, "prompt" | "messages">): string | undefined;
}

/** What a driver that draws autotiling tilesets offers; a driver without it draws no tilesets. */
export interface TilesetCapability {
  layouts: readonly TilesetLayoutName[];
  /** Why these terrains cannot be drawn (a terrain it does not know as a surface), else undefined. Cheap, no drawing. */
  refusal?(request: TilesetRequest): string | undefined;
}

export interface AgentDriver {
  generate(job: AgentJob, ctx: AgentContext): Promise<AgentResult>;
  /** Present when it draws tilesets (`job.tileset`); the result's image then carries a tileset `layout` and `quality`. */
  tilesets?: TilesetCapability;
  /** Present when it draws sprite sheets (`job.sheet`); the result's image then carries `layout` and `quality`. */
  sheets?: SheetCapability;
  /**
   * Drivers that read the prompt themselves (procedural) say what they understood, cheaply and
   * without drawing: shown on every generation, used by `strict` and `dryRun`. Models leave it out.
   */
  interpret?(job: Pick<AgentJob, "prompt" | "messages">): Interpretation;
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
