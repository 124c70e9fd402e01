import { randomInt } from "node:crypto";
import { AppError } from "../../contract/errors.js";
import { chooseSize } from "../../contract/schemas/agents.js";
import {
  generateRequest,
  recolorRequest,
  type EstimateView,
  type GenerateRequest,
  type GenerationView,
  type InterpretationView,
} from "../../contract/schemas/generation.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { RateLimiter } from "../../infra/ratelimit/limiter.js";
import type { PromptReading } from "../../agents/index.js";
import type { AgentService, ResolvedAgent } from "../agents/agents.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { fingerprint, type IdempotencyService } from "../idempotency/idempotency.js";
import { newId } from "../ids.js";
import { consumeQuota, type Quota } from "../limits.js";
import type { GenerationEvents, Listening } from "./events.js";
import type { ReserveAndEnqueue } from "./reserve-and-enqueue.js";
import { planSheet, type SheetPlan } from "./sheet-plan.js";
import { checkTerrainAssets } from "./terrain-assets.js";
import { planTileset, type TilesetPlan } from "./tileset-plan.js";
import { planPalette } from "./palette-plan.js";
import { pixelPrice } from "./price.js";
import type { PaletteSpec } from "./store-rows.js";
import type { NewGeneration } from "./store.js";
import { generationView } from "./view.js";
import { findProject, withProjectDefaults } from "../projects/defaults.js";
import { planImage, type ImagePlan, type ImagePlanDeps } from "./image-plan.js";

export interface SubmitDeps {
  prisma: PrismaClient;
  /** The money path (reserve-and-enqueue.ts), shared with submit-many.ts. */
  reserveAndEnqueue: ReserveAndEnqueue;
  agents: AgentService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  events: GenerationEvents;
  /** Generation calls per minute per account, on every transport. */
  generatePerMinute: number;
  /** The price of a palette swap of an existing asset. */
  recolorCredits: number;
  /** The caller's pictures (contract section 14's `image`): their checks, and the storing of data URLs. */
  images: Omit<ImagePlanDeps, "prisma">;
}

export interface SubmitOptions {
  /** `Idempotency-Key` (REST header, GraphQL argument): one key, one generation, at most one charge. */
  idempotencyKey?: string;
  /** One-shot calls: wait this long for the end before answering the generation as it stands. */
  waitMs?: number;
  /** Ends a wait early (server shutdown). */
  stop?: AbortSignal;
  /** Told the caller's generation quota once counted (RateLimit headers), even if the call then fails. */
  onQuota?: (quota: Quota) => void;
}

export interface Submission {
  /** The generation as answered: queued (or where a wait left it), or finished. */
  generation: GenerationView;
  /** `accepted`: answered before the end; `succeeded` / `canceled`: answered at the end. */
  outcome: "accepted" | "succeeded" | "canceled";
  /** True when this answers a repeat of an Idempotency-Key: nothing was done or charged. */
  replayed: boolean;
  /** `generation` as JSON: the exact bytes to answer, identical on every replay. */
  json: string;
}

/**
 * The submit use-case, the same for REST, GraphQL and MCP: validation (against the agent too),
 * the per-account rate limit, Idempotency-Key, the price check and reservation, the hand-off to
 * the queue, and, for one-shot calls, the wait for the end. A call answered with an error leaves
 * no charge and nothing to run later.
 */
export function createSubmit(deps: SubmitDeps) {
  const { prisma, reserveAndEnqueue, agents, idempotency, events } = deps;
  const generatePolicy = { name: "generate", limit: deps.generatePerMinute, windowSeconds: 60 };

  /**
   * Reserves the price and hands the job to the queue (reserve-and-enqueue.ts), or refuses (402,
   * 429) having written nothing.
   *
   * `startNow` (one-shot calls, in process): the job runs in a slot claimed now when the queue has
   * one free (JobQueue.claim). Such a call answers nothing before the generation ends with a
   * durable statement, so its reservation need not wait for the flush (store.reserveMany); an
   * idempotent one keeps every write durable (its record names the generation).
   */
  async function accept(rowOf: RowOf, recordId: string | null, id = newId("gen"), startNow = false): Promise<GenerationView> {
    // a data URL's picture is stored here, past the rate limit and the Idempotency-Key: a replay stores nothing
    const { storeImage, ...planned } = rowOf(id, recordId);
    const row = storeImage ? { ...planned, sourceAssetId: await storeImage() } : planned;
    const { records, balance } = await reserveAndEnqueue([row], { startNow, flush: !startNow || recordId !== null });
    return generationView(records[0]!, [], balance);
  }

  /** The row a planned request reserves. */
  const rowOfPlan =
    (viewer: AuthenticatedViewer, input: GenerateRequest, plan: Plan): RowOf =>
    (id, recordId) =>
      newGeneration(viewer, input, id, {
        agentId: plan.agent.id,
        interpretation: plan.interpretation,
        reading: plan.reading,
        transparent: plan.transparent,
        seed: input.seed ?? randomInt(0, 2 ** 31 - 1),
        ...plan.size,
        sheet: plan.sheet?.sheet ?? null,
        tileset: plan.tileset?.tileset ?? null,
        palette: plan.palette ?? null,
        sourceAssetId: plan.image?.assetId ?? null,
        ...(plan.image?.assetId || plan.image?.store ? { imageInput: true } : {}),
        ...(plan.image?.store ? { storeImage: plan.image.store } : {}),
        badge: plan.badge ?? null,
        cost: priceOf(plan),
        idempotencyRecordId: recordId,
      });

  /** One-shot calls: the end (or the generation as the wait left it). A failure is thrown as the caller's error. */
  async function settle(
    viewer: AuthenticatedViewer,
    queued: GenerationView,
    options: SubmitOptions,
    early?: Listening,
  ): Promise<Omit<Submission, "replayed" | "json">> {
    if (!options.waitMs) return { generation: queued, outcome: "accepted" };
    const ending = await events.waitForEnd(viewer.user.accountId, queued.id, options.waitMs, options.stop, early);
    const end = ending.generation;
    if (end.status === "succeeded" || end.status === "canceled") return { generation: end, outcome: end.status };
    if (end.status === "failed") throw events.failureOf(ending);
    return { generation: end, outcome: "accepted" };
  }

  /** Everything decided from the request and the agent, before anything is counted or written. */
  async function plan(viewer: AuthenticatedViewer, raw: unknown, storeImage = false): Promise<{ input: GenerateRequest } & Plan> {
    const asked = parseInput(generateRequest, raw);
    const agent = await agents.resolve(asked.agentId);
    // A project's defaults fill in what the request leaves out (section 13); its id files the generation.
    const input = asked.projectId === undefined ? asked : withProjectDefaults(asked, await findProject(prisma, viewer.user.accountId, asked.projectId), agent);
    const driver = agents.catalog.driver(agent.id);
    const size = checkAgainstAgent(agent, input, driver?.images?.sizeFromImage === true);
    // The prompt is read once per generation: the reading is stored with it and handed to the drawing.
    const prompt = { prompt: input.prompt, messages: input.messages };
    const reading = driver?.read?.(prompt) ?? null;
    const interpretation = driver?.interpret?.(prompt, reading ?? undefined) ?? null;
    if (input.strict && interpretation?.fallback) {
      const known = driver?.knownSubjects?.() ?? [];
      // "Instead of 'dragn', try: dragon." for each word it has near subjects for
      const near = (interpretation.suggestions ?? []).map((s) => `instead of "${s.word}", try: ${s.subjects.join(", ")}`).join("; ");
      throw new AppError(
        "unsupported_option",
        `The agent ${agent.id} does not know what to draw for this prompt${near ? ` (${near})` : ""}. It knows: ${known.join(", ")}. Name one of them, or leave strict out for a best-effort design.`,
        {
          param: "prompt",
          details: { knownSubjects: known, interpretation },
        },
      );
    }
    const sheet = planSheet(agent, driver?.sheets, input, size, reading ?? undefined);
    const tileset = planTileset(agent, driver?.tilesets, input, size);
    await checkTerrainAssets(prisma, viewer.user.accountId, tileset?.tileset, deps.images.goneOrNotFound);
    const palette = planPalette(input);
    // the caller's picture: checked (and, for a real call, a data URL stored as an upload) after everything else
    const image = await planImage(
      { prisma, ...deps.images },
      viewer,
      agent,
      driver,
      input,
      { ...size, ...(sheet ? { sheet: sheet.sheet } : {}), ...(tileset ? { tileset: tileset.tileset } : {}) },
      storeImage,
    );
    // the badge reaches the agents that draw badges (icons); the others ignore it, as `transparent` for tiles
    const badge = driver?.badges ? input.badge : undefined;
    return {
      input,
      ...(badge ? { badge } : {}),
      agent,
      size,
      transparent: input.transparent ?? false,
      interpretation,
      reading,
      ...(sheet ? { sheet } : {}),
      ...(tileset ? { tileset } : {}),
      ...(palette ? { palette } : {}),
      ...(image ? { image } : {}),
    };
  }

  async function submit(viewer: AuthenticatedViewer, raw: unknown, options: SubmitOptions = {}): Promise<Submission> {
    // Everything that can be refused for the request itself is refused before the quota counts it.
    const planned = await plan(viewer, raw, (raw as { dryRun?: unknown } | null)?.dryRun !== true);
    const { input } = planned;
    if (input.dryRun)
      throw new AppError("invalid_request", "dryRun answers an estimate: call estimate (REST: the same endpoint answers it).", { param: "dryRun" });
    return submitRow(viewer, () => fingerprint("generate", input), rowOfPlan(viewer, input, planned), options);
  }

  /**
   * A palette swap (contract section 12, POST /api/v1/assets/:id/recolor): a generation that maps
   * the viewer's asset onto `palette`, keeping its size and layout, for `recolorCredits` (per megapixel
   * above one), through
   * the same money path, queue, events and Idempotency-Key as any generation. 404 for another
   * account's asset (never saying whose); 400 naming `palette` for a bad one; nothing charged then.
   */
  async function recolor(viewer: AuthenticatedViewer, assetId: string, raw: unknown, options: SubmitOptions = {}): Promise<Submission> {
    const input = parseInput(recolorRequest, raw);
    // Never the bytes here: ownership and the price come from the row's metadata, and the balance is checked by the
    // reservation; the runner reads the bytes, within the pixel budget, only once the swap is paid for.
    const asset = await prisma.asset.findFirst({
      where: { id: assetId, accountId: viewer.user.accountId },
      select: { id: true, width: true, height: true, generation: true },
    });
    if (!asset) throw new AppError("not_found", "No such asset.");
    const palette = planPalette(input)!;
    const g = asset.generation;
    const rowOf: RowOf = (id, recordId) => ({
      id,
      accountId: viewer.user.accountId,
      apiKeyId: viewer.kind === "api_key" ? viewer.apiKeyId : null,
      agentId: g.agentId,
      prompt: g.prompt,
      messages: (g.messages as NewGeneration["messages"]) ?? null,
      interpretation: (g.interpretation as NewGeneration["interpretation"]) ?? null,
      reading: null, // a palette swap draws nothing: the prompt is not read
      sheet: (g.sheet as NewGeneration["sheet"]) ?? null,
      tileset: (g.tileset as NewGeneration["tileset"]) ?? null,
      palette,
      sourceAssetId: asset.id,
      projectId: g.projectId,
      transparent: g.transparent,
      seed: g.seed,
      width: g.width,
      height: g.height,
      cost: pixelPrice(deps.recolorCredits, asset.width, asset.height),
      idempotencyRecordId: recordId,
    });
    return submitRow(viewer, () => fingerprint("recolor", { assetId, palette }), rowOf, options);
  }

  /**
   * The quota, the Idempotency-Key, the reservation and (one-shot) the wait of a call that makes one generation.
   * The request's fingerprint is worked out only for a call with an Idempotency-Key.
   */
  async function submitRow(viewer: AuthenticatedViewer, fingerprinted: () => string, rowOf: RowOf, options: SubmitOptions): Promise<Submission> {
    if (options.idempotencyKey !== undefined) idempotency.assertKey(options.idempotencyKey);
    await consumeQuota(deps.limiter, generatePolicy, `acc:${viewer.user.accountId}`, options.onQuota);

    const run = async (recordId: string | null, resumeId?: string) => {
      if (resumeId) {
        const settled = await settle(viewer, await events.current(viewer.user.accountId, resumeId), options);
        return { ...settled, replayed: false, json: JSON.stringify(settled.generation) };
      }
      // A one-shot wait listens before the generation exists: every event then arrives live, and
      // the wait reads nothing back from the database (unless the bus missed one).
      const id = newId("gen");
      const early = options.waitMs ? events.listen(id) : undefined;
      try {
        if (early) await early.ready;
        const queued = await accept(rowOf, recordId, id, early !== undefined);
        const settled = await settle(viewer, queued, options, early);
        return { ...settled, replayed: false, json: JSON.stringify(settled.generation) };
      } finally {
        early?.close(); // the wait's stream closes it too; closing twice is harmless
      }
    };
    if (options.idempotencyKey === undefined) return run(null);

    const begun = await idempotency.begin(viewer.user.accountId, options.idempotencyKey, fingerprinted());
    if (begun.kind === "replay") {
      const json = begun.answer.result
        ? Buffer.from(begun.answer.result).toString("utf8")
        : JSON.stringify(await events.current(viewer.user.accountId, begun.generationId!));
      return { generation: JSON.parse(json) as GenerationView, outcome: begun.answer.outcome as Submission["outcome"], replayed: true, json };
    }
    try {
      const submission = await run(begun.recordId, begun.resumeGenerationId);
      await idempotency.complete(begun.recordId, { outcome: submission.outcome, result: Buffer.from(submission.json) });
      return submission;
    } catch (error) {
      await idempotency.abandon(begun.recordId).catch(() => undefined); // the lock lapses if even this fails
      throw error;
    }
  }

  /** A dry run: what the call would make and cost, with the interpretation; nothing counted, written or charged. */
  async function planEstimate(viewer: AuthenticatedViewer, raw: unknown, options: { storeImage?: boolean } = {}): Promise<PlannedEstimate> {
    const planned = await plan(viewer, raw, options.storeImage ?? false);
    // a batch (submit-many.ts) reserves its rows itself: a data URL is stored now, once for all its images
    if (planned.image?.store) planned.image = { assetId: await planned.image.store() };
    const account = await prisma.account.findUnique({ where: { id: viewer.user.accountId }, select: { balance: true } });
    return estimateOf(planned, account?.balance ?? 0);
  }

  /**
   * A generation planned for a call that makes several of different kinds (kits): its estimate
   * (balance 0: the caller reads the balance once) and the row it would reserve. Nothing counted or written.
   */
  async function prepare(viewer: AuthenticatedViewer, raw: unknown): Promise<{ estimate: EstimateView; rowOf: RowOf }> {
    const planned = await plan(viewer, raw);
    return { estimate: estimateOf(planned, 0).view, rowOf: rowOfPlan(viewer, planned.input, planned) };
  }

  const estimateOf = (planned: Plan, balance: number): PlannedEstimate => {
    const price = priceOf(planned);
    const view: EstimateView = {
      dryRun: true,
      agentId: planned.agent.id,
      ...planned.size,
      transparent: planned.transparent,
      credits: { price, balance, sufficient: balance >= price },
      interpretation: planned.interpretation,
      output: planned.sheet ? "sheet" : planned.tileset ? "tileset" : "image",
      ...(planned.sheet ? { layout: planned.sheet.layout } : planned.tileset ? { layout: planned.tileset.layout } : {}),
    };
    return { view, reading: planned.reading, ...(planned.image?.assetId ? { imageAssetId: planned.image.assetId } : {}) };
  };

  const estimate = async (viewer: AuthenticatedViewer, raw: unknown): Promise<EstimateView> => (await planEstimate(viewer, raw)).view;

  return { submit, estimate, planEstimate, recolor, prepare, submitRow };
}

/** The row of a generation a call asks for: who asks and with what prompt, then what was planned for it. */
export function newGeneration(
  viewer: AuthenticatedViewer,
  input: GenerateRequest,
  id: string,
  planned: Omit<NewGeneration, "id" | "accountId" | "apiKeyId" | "prompt" | "messages" | "projectId">,
): NewGeneration {
  const { agentId, ...rest } = planned;
  return {
    id,
    accountId: viewer.user.accountId,
    apiKeyId: viewer.kind === "api_key" ? viewer.apiKeyId : null,
    agentId,
    // a row has one of prompt and messages, or neither when it was given a picture (generations_prompt_xor_messages)
    prompt: input.prompt ?? null,
    messages: input.messages ?? null,
    projectId: input.projectId ?? null,
    ...rest,
  };
}

/** A dry run's answer, and the prompt's reading a batch (submit-many.ts) stores with each of its generations. */
export interface PlannedEstimate {
  view: EstimateView;
  reading: PromptReading | null;
  /** The caller's picture (an asset id) when the request gave one and it was stored or named. */
  imageAssetId?: string;
}

interface Plan {
  agent: ResolvedAgent;
  size: { width: number; height: number };
  transparent: boolean;
  interpretation: InterpretationView | null;
  /** The driver's reading of the prompt (`AgentDriver.read`), stored with the generation for its drawing. */
  reading: PromptReading | null;
  /** A sheet's plan (layout, price); absent for one image. */
  sheet?: SheetPlan;
  /** A tileset's plan (layout, price); absent otherwise. */
  tileset?: TilesetPlan;
  /** The palette asked for, resolved to its colours; absent otherwise. */
  palette?: PaletteSpec;
  /** The icon's badge asked for, when the agent draws badges. */
  badge?: string;
  /** The caller's picture (contract section 14), checked; absent without one. */
  image?: ImagePlan;
}

/** What the call costs: the agent's price for an image (per megapixel above one), the sheet's or tileset's (section 12) otherwise. */
const priceOf = (plan: Plan): number => plan.sheet?.price ?? plan.tileset?.price ?? pixelPrice(plan.agent.credits, plan.size.width, plan.size.height);

export type Submit = ReturnType<typeof createSubmit>["submit"];
export type Prepare = ReturnType<typeof createSubmit>["prepare"];

/** The row a call reserves, given its generation's id and its idempotency record. */
export type RowOf = (id: string, recordId: string | null) => NewGeneration;

/** Transparency and size against what the agent makes (400 naming the field); the size chosen. */
function checkAgainstAgent(agent: ResolvedAgent, input: GenerateRequest, sizeFromImage: boolean): { width: number; height: number } {
  if (input.transparent && !agent.supportsTransparent) {
    throw new AppError("unsupported_option", `The agent ${agent.id} cannot make transparent assets; leave transparent out or pick another agent.`, {
      param: "transparent",
    });
  }
  return sizeFromImage ? sizeOfImageAgent(agent, input) : chooseSize(agent, input);
}

/**
 * The size of an agent whose output comes from the caller's picture (contract section 14): 0 × 0 ("the image's":
 * the cutout keeps it, the pixel fixer detects the grid), or, where the agent takes one (the pixel fixer), any
 * asked width and height up to 1024, both or neither.
 */
function sizeOfImageAgent(agent: ResolvedAgent, input: GenerateRequest): { width: number; height: number } {
  const { width, height } = input;
  if (width === undefined && height === undefined) return { width: 0, height: 0 };
  if (agent.id === "cutout" || agent.driver === "procedural-cutout") {
    throw new AppError("unsupported_option", `The agent ${agent.id} keeps your image's size; leave width and height out.`, {
      param: width !== undefined ? "width" : "height",
    });
  }
  if (width === undefined || height === undefined) {
    throw new AppError("invalid_request", `The agent ${agent.id} takes width and height together (the art's size in pixels), or neither to detect it.`, {
      param: width === undefined ? "width" : "height",
    });
  }
  for (const [param, side] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (side > 1024)
      throw new AppError("invalid_request", `The agent ${agent.id} makes pixel art up to 1024 pixels a side; send a smaller ${param}.`, { param });
  }
  return { width, height };
}
