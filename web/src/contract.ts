// What the screens read, as selections of the contract's own types (src/contract/schemas: the zod
// schemas every transport answers with). Type-only imports: nothing of zod or the server reaches
// the bundle. A field the contract renames or drops fails `npm run build:web` (its type check).
import type { z } from "zod";
import type { UserView, AccountView, AccountSettingsView, SessionView } from "../../src/contract/schemas/accounts";
import type { AgentView, agentsResponse } from "../../src/contract/schemas/agents";
import type { LedgerEntryView } from "../../src/contract/schemas/credits";
import type { AssetView, EstimateView, GenerateRequest, GenerationView, InterpretationView, generationEvent } from "../../src/contract/schemas/generation";
import type { ApiKeyView, createdKeyResponse } from "../../src/contract/schemas/keys";
import { type Selected, type Selection, whole } from "./selection";

export type { Page } from "../../src/contract/cursor";

const size = { width: true, height: true } as const;

export const agentFields = {
  id: true,
  name: true,
  description: true,
  credits: true,
  supportsTransparent: true,
  sizes: size,
  defaultSize: size,
  knows: { subjects: true, modifiers: true, styles: true },
  outputs: true,
  inputs: true,
  sheet: { framesPerAnimation: whole, directions: true, maxSidePx: true, creditsPer8Frames: true },
  tileset: { layouts: true, maxTerrains: true, creditsPer16Tiles: true },
} as const satisfies Selection<AgentView>;
export type Agent = Selected<AgentView, typeof agentFields>;
/** GET /api/ai/agents (public: the sign-in screen shows them). */
export type AgentList = z.output<typeof agentsResponse>;

const userFields = { id: true, email: true, role: true } as const satisfies Selection<UserView>;
/** GraphQL's viewer: the user, and the account with its low-balance threshold (the banner's). */
type GraphQLViewerView = { user: UserView; account: AccountSettingsView };
export const accountFields = { id: true, balance: true, lowBalanceThreshold: true } as const satisfies Selection<AccountSettingsView>;
export const viewerFields = { user: userFields, account: accountFields } as const satisfies Selection<GraphQLViewerView>;
export type SessionUser = Selected<UserView, typeof userFields>;
export type Viewer = Selected<GraphQLViewerView, typeof viewerFields>;
export type AccountStanding = Selected<AccountSettingsView, typeof accountFields>;
/** GET /api/auth/session. */
export type { SessionView };

/** What a procedural agent understood of a prompt (null for a model agent). */
export const interpretationFields = {
  subject: true,
  modifiers: true,
  ignored: true,
  fallback: true,
  suggestions: { word: true, subjects: true },
  readAs: { word: true, as: true },
} as const satisfies Selection<InterpretationView>;
export type Interpretation = Selected<InterpretationView, typeof interpretationFields>;

type LayoutView = NonNullable<AssetView["layout"]>;
type SheetLayoutView = Extract<LayoutView, { kind: "sheet" }>;
type TilesetLayoutView = Extract<LayoutView, { kind: "tileset" }>;

/**
 * GraphQL's Asset and Estimate: `layout` is a sheet's only, a tileset's is `tilesetLayout` (without
 * `kind`; a tile's corners and edges are JSON). api.ts folds it back into `layout` as REST has it.
 */
type GraphQLAssetView = Omit<AssetView, "layout"> & { layout?: SheetLayoutView; tilesetLayout?: Omit<TilesetLayoutView, "kind"> };
type GraphQLEstimateView = Omit<EstimateView, "layout"> & { layout?: SheetLayoutView; tilesetLayout?: Omit<TilesetLayoutView, "kind"> };
type GraphQLGenerationView = Omit<GenerationView, "assets"> & { assets: GraphQLAssetView[] };

/** What is where in a sheet's PNG (rows of animation × direction, one frame per column). */
export const layoutFields = {
  kind: true,
  frameWidth: true,
  frameHeight: true,
  columns: true,
  rows: true,
  animations: { name: true, direction: true, row: true, frames: true, fps: true, loop: true },
} as const satisfies Selection<SheetLayoutView>;
export type SheetLayout = Selected<SheetLayoutView, typeof layoutFields>;

/** What is where in a tileset's PNG: each tile's cell and its corners', edges' or neighbours' terrains. */
export const tilesetLayoutFields = {
  layout: true,
  tileWidth: true,
  tileHeight: true,
  columns: true,
  rows: true,
  terrains: true,
  tiles: { index: true, x: true, y: true, corners: whole, edges: whole, mask: true, terrain: true },
} as const satisfies Selection<Omit<TilesetLayoutView, "kind">>;
export type TilesetLayout = Selected<Omit<TilesetLayoutView, "kind">, typeof tilesetLayoutFields> & { kind: "tileset" };
export type AssetLayout = SheetLayout | TilesetLayout;

/** A dry run of the Generate form's request: what the agent would understand and what it would cost, charging nothing. */
export const estimateFields = {
  interpretation: interpretationFields,
  credits: { price: true, balance: true, sufficient: true },
  output: true,
  layout: layoutFields,
  tilesetLayout: { layout: true, tileWidth: true, tileHeight: true, columns: true, rows: true, tiles: { index: true } },
} as const satisfies Selection<GraphQLEstimateView>;
export type Estimate = Selected<GraphQLEstimateView, typeof estimateFields>;

/** An asset's quality as measured on its pixels: every image's figures, and a sheet's or tileset's own. */
export const qualityFields = {
  colors: true,
  paletteCompliance: true,
  alphaCoverage: true,
  bbox: { x: true, y: true, width: true, height: true },
  edgeContrast: true,
  tileabilityScore: true,
  baselineJitterPx: true,
  bboxHeightRangePx: true,
  seamScore: true,
} as const satisfies Selection<NonNullable<AssetView["quality"]>>;
export type Quality = Selected<NonNullable<AssetView["quality"]>, typeof qualityFields>;

export const generationFields = {
  id: true,
  status: true,
  agentId: true,
  prompt: true,
  transparent: true,
  seed: true,
  width: true,
  height: true,
  createdAt: true,
  completedAt: true,
  assets: {
    id: true,
    url: true,
    mimeType: true,
    width: true,
    height: true,
    bytes: true,
    layout: layoutFields,
    tilesetLayout: tilesetLayoutFields,
    quality: qualityFields,
  },
  credits: { charged: true, refunded: true, balance: true },
  error: { code: true, message: true },
  interpretation: interpretationFields,
  sheet: whole,
  tileset: whole,
  palette: whole,
  image: true,
} as const satisfies Selection<GraphQLGenerationView>;
type SelectedGeneration = Selected<GraphQLGenerationView, typeof generationFields>;

/**
 * History's list: each asset's layout and quality only as far as a sheet's first frame, a tileset's
 * tile size and the tile's quality line need (a page of them must stay under the API's cost limit);
 * a sheet or tileset opened from it is read whole.
 */
export const historyFields = {
  ...generationFields,
  assets: {
    id: true,
    url: true,
    mimeType: true,
    width: true,
    height: true,
    bytes: true,
    layout: { frameWidth: true, frameHeight: true, columns: true, rows: true },
    tilesetLayout: { layout: true, tileWidth: true, tileHeight: true, columns: true, rows: true },
    // what a tile's quality line says (the dialog reads the rest)
    quality: { colors: true, paletteCompliance: true, alphaCoverage: true, tileabilityScore: true },
  },
} as const satisfies Selection<GraphQLGenerationView>;
export type HistoryItem = Selected<GraphQLGenerationView, typeof historyFields>;
/**
 * An asset with its layout and engine files as REST and the completed event send them. GraphQL
 * lists the exports as `{format, url}` pairs and a tileset's layout as `tilesetLayout` instead;
 * api.ts asks for those and folds them back.
 */
export type Asset = Omit<SelectedGeneration["assets"][number], "layout" | "tilesetLayout"> & {
  layout: AssetLayout | null;
  exports: AssetView["exports"];
};
export type Generation = Omit<SelectedGeneration, "assets"> & { assets: Asset[] };
export type SheetQuality = Quality;
/** The palette a generation was drawn with ({name?, colors}); null without one. */
export type UsedPalette = NonNullable<Generation["palette"]>;

/**
 * What the Generate screen sends (the contract's request, with the fields it always fills). With `image` (the
 * caller's picture, an asset id: contract section 14) the prompt may be absent where the agent needs none, and the
 * size too (the agent takes it from the picture, else draws its default).
 */
export type GenerateInput = Required<Pick<GenerateRequest, "agentId" | "transparent">> &
  Pick<GenerateRequest, "prompt" | "width" | "height" | "seed" | "sheet" | "tileset" | "palette" | "badge" | "projectId" | "image">;
export type SheetInput = NonNullable<GenerateRequest["sheet"]>;
/** The badges an icon may sit on (the contract's `badge`). */
export type IconBadge = NonNullable<GenerateRequest["badge"]>;
export const iconBadges: readonly IconBadge[] = ["none", "round", "square", "hex"];
export type TilesetInput = NonNullable<GenerateRequest["tileset"]>;

type GenerationEventView = z.output<typeof generationEvent>;
export const eventFields = { seq: true, type: true, data: true } as const satisfies Selection<GenerationEventView>;
export type GenerationEvent = Selected<GenerationEventView, typeof eventFields>;

export const ledgerFields = {
  id: true,
  kind: true,
  amount: true,
  balanceAfter: true,
  reason: true,
  createdAt: true,
  generationId: true,
} as const satisfies Selection<LedgerEntryView>;
export type LedgerEntry = Selected<LedgerEntryView, typeof ledgerFields>;

export const apiKeyFields = {
  id: true,
  name: true,
  start: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  budget: { credits: true, period: true },
  spent: true,
  resetsAt: true,
} as const satisfies Selection<ApiKeyView>;
export type ApiKey = Selected<ApiKeyView, typeof apiKeyFields>;
export type KeyBudget = NonNullable<ApiKeyView["budget"]>;
type CreatedKeyView = z.output<typeof createdKeyResponse>;
export const createdKeyFields = { secret: true, apiKey: apiKeyFields } as const satisfies Selection<CreatedKeyView>;
export type CreatedKey = Selected<CreatedKeyView, typeof createdKeyFields>;

export const balanceFields = { id: true, balance: true } as const satisfies Selection<AccountView>;
export type AccountBalance = Selected<AccountView, typeof balanceFields>;

/** GraphQL's Account (admin only) also has its creation time and its owner; no REST answer carries them. */
type AdminAccountView = AccountView & { createdAt: UserView["createdAt"]; user: UserView | null };
export const adminAccountFields = { id: true, balance: true, createdAt: true, user: userFields } as const satisfies Selection<AdminAccountView>;
export type AdminAccount = Selected<AdminAccountView, typeof adminAccountFields>;

/** GET /api/billing/packs: a credit pack on sale with Stripe Checkout. */
export type { CreditPackView as CreditPack } from "../../src/contract/schemas/billing";

/** GraphQL `usage(groupBy: "day", splitBy: …)`: credits per day and key (or agent), the Credits page's chart. */
export type { UsageView as Usage } from "../../src/contract/schemas/usage";
/** GraphQL `purchases` (admins): a credit pack bought with Stripe Checkout. */
export type { PurchaseView as Purchase } from "../../src/contract/schemas/billing";
/** Kits (contract section 13): POST /api/ai/kits answers these (a dry run, or the kit). */
export type { KitEstimateView as KitEstimate, KitView as Kit } from "../../src/contract/schemas/kit";
