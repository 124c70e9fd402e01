import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { startFalQueueDouble, type FalQueueDouble } from "../doubles/fal-queue.js";
import { startOpenAiImagesDouble, type OpenAiImagesDouble } from "../doubles/openai-images.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { modelAgent, writeCatalog } from "../support/model-agents.js";
import { decodePng, expectBalancedLedger, generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/**
 * Model agents keep to an asked palette (contract section 12), through the provider doubles: the
 * model's picture is post-processed into the asset and then every pixel with alpha > 0 is one of
 * the palette's colours, measured on the PNG; every model asset carries its quality report; model
 * agents draw images only (no sheets, no tilesets).
 */
const openAiKey = "sk-test-palette-5e2a9c17";
const falKey = "fal-test-key-palette-0b4d";
let openai: OpenAiImagesDouble;
let fal: FalQueueDouble;
let t: TestApp;
let dir: string;
let user: TestUser;
let secret: string;

const openAiOptions = () => ({ baseUrl: openai.url, model: "gpt-image-1-mini", apiKeyEnv: "PALETTE_OPENAI_KEY", nativeSize: "1024x1024", maxRetries: 0 });

beforeAll(async () => {
  openai = await startOpenAiImagesDouble({ apiKey: openAiKey });
  fal = await startFalQueueDouble({ key: falKey });
  dir = await mkdtemp(join(tmpdir(), "ags-model-palettes-"));
  const file = await writeCatalog(
    dir,
    [
      modelAgent(64, {
        id: "pixel-model",
        name: "Pixel model",
        driver: "openai-images",
        credits: 3,
        supportsTransparent: true,
        style: "pixel-art",
        paletteSize: 16,
        outline: true,
        options: openAiOptions(),
      }),
      modelAgent(64, { id: "texture-model", name: "Texture model", driver: "openai-images", credits: 2, style: "texture", options: openAiOptions() }),
      modelAgent(64, {
        id: "flux-icon",
        name: "Flux icons via fal",
        driver: "fal-queue",
        credits: 2,
        supportsTransparent: true,
        style: "icon",
        options: {
          baseUrl: fal.url,
          model: "fal-ai/flux/schnell",
          apiKeyEnv: "PALETTE_FAL_KEY",
          nativeSize: "512x512",
          pollIntervalMs: 50,
          maxPollIntervalMs: 100,
          maxRetries: 0,
          trustedHosts: [new URL(fal.url).host],
        },
      }),
    ],
    ["pixel-sprite", "texture"],
  );
  t = await startTestApp({ AGENTS_FILE: file, PALETTE_OPENAI_KEY: openAiKey, PALETTE_FAL_KEY: falKey, RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(async () => {
  await t.close();
  await Promise.all([openai.close(), fal.close()]);
  await rm(dir, { recursive: true, force: true });
});

type Quality = { colors: number; paletteCompliance: number; alphaCoverage: number; edgeContrast: number; tileabilityScore?: number; bbox: unknown };
type Asset = GenerationBody["assets"][number] & { quality?: Quality };
type Generation = GenerationBody & { assets: Asset[]; palette?: { name?: string; colors: string[] } };

const CUSTOM = ["#2b2b45", "#e0d3b8", "#c2452d"];
const PALETTES: [string, string | string[], readonly string[]][] = [
  ["gameboy", "gameboy", NAMED_PALETTES.gameboy],
  ["a custom 3-colour palette", CUSTOM, CUSTOM],
];

/** The opaque pixels' colours (`#rrggbb`) and the alpha values of the decoded PNG. */
function pixelsOf(b64: string): { colors: Set<string>; alphas: Set<number>; opaque: number } {
  const png = decodePng(b64);
  const colors = new Set<string>();
  const alphas = new Set<number>();
  let opaque = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const a = png.data[i + 3]!;
    alphas.add(a);
    if (a === 0) continue;
    opaque++;
    colors.add(`#${[png.data[i]!, png.data[i + 1]!, png.data[i + 2]!].map((v) => v.toString(16).padStart(2, "0")).join("")}`);
  }
  return { colors, alphas, opaque };
}

async function generate(body: Record<string, unknown>): Promise<Generation> {
  const response = await generateWithKey(t, secret, { prompt: "a red ball", seed: 11, ...body });
  expect(response.status).toBe(200);
  const g = (await response.json()) as Generation;
  expect(g.status).toBe("succeeded");
  return g;
}

describe("a model agent asked for a palette", () => {
  const cases = PALETTES.flatMap(([label, palette, colors]) =>
    (
      [
        ["pixel-model", true],
        ["pixel-model", false],
        ["texture-model", false],
        ["flux-icon", true],
        ["flux-icon", false],
      ] as const
    ).map(([agentId, transparent]) => [agentId, label, transparent, palette, colors] as const),
  );

  it.each(cases)("%s, %s, transparent %s: every opaque pixel is a palette colour, compliance 1", async (agentId, _label, transparent, palette, colors) => {
    const g = await generate({ agentId, transparent, palette });
    expect(g.palette?.colors).toEqual([...colors]);
    const asset = g.assets[0]!;
    const { colors: seen, alphas, opaque } = pixelsOf(asset.b64!);
    expect(opaque).toBeGreaterThan(0);
    for (const c of seen) expect(colors, c).toContain(c);
    // the picture still shows something: the disc on its background, or in its outline (a cut-out disc alone is one colour)
    expect(seen.size).toBeGreaterThanOrEqual(agentId === "flux-icon" && transparent ? 1 : 2);
    expect(asset.quality).toMatchObject({ paletteCompliance: 1, colors: seen.size });
    if (agentId === "pixel-model") expect([...alphas].every((a) => a === 0 || a === 255)).toBe(true);
    if (transparent) expect(alphas.has(0)).toBe(true);
    if (agentId === "texture-model") expect(asset.quality!.tileabilityScore).toBeLessThan(1.6);
    // the stored generation answers the same report
    const stored = (await (await t.request(`/api/v1/generations/${g.id}`, { headers: bearer(secret) })).json()) as Generation;
    expect(stored.assets[0]!.quality).toEqual(asset.quality);
  });

  it("the same seed and palette give the same bytes", async () => {
    const a = await generate({ agentId: "pixel-model", transparent: true, palette: "gameboy" });
    const b = await generate({ agentId: "pixel-model", transparent: true, palette: "gameboy" });
    expect(b.assets[0]!.sha256).toBe(a.assets[0]!.sha256);
  });
});

describe("a model asset without a palette", () => {
  it.each(["pixel-model", "texture-model", "flux-icon"])("%s carries its quality report", async (agentId) => {
    const g = await generate({ agentId });
    const asset = g.assets[0]!;
    const { colors, opaque } = pixelsOf(asset.b64!);
    expect(asset.quality).toMatchObject({ colors: colors.size, paletteCompliance: 1, alphaCoverage: opaque / (64 * 64) });
    expect(asset.quality!.edgeContrast).toBeGreaterThan(0);
    expect(asset.quality!.bbox).not.toBeNull();
    expect(asset.quality!.tileabilityScore !== undefined).toBe(agentId === "texture-model");
  });
});

describe("model agents draw images only", () => {
  it("their outputs are image only", async () => {
    const body = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; outputs: string[]; sheet?: unknown; tileset?: unknown }[] };
    for (const id of ["pixel-model", "texture-model", "flux-icon"]) {
      const agent = body.agents.find((a) => a.id === id)!;
      expect(agent.outputs, id).toEqual(["image"]);
      expect(agent.sheet).toBeUndefined();
      expect(agent.tileset).toBeUndefined();
    }
  });

  it.each([
    ["a sheet", "pixel-model", { sheet: {} }, "sheet"],
    ["a sheet", "flux-icon", { sheet: { animations: ["idle"], directions: 1 } }, "sheet"],
    ["a tileset", "texture-model", { tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } }, "tileset"],
  ] as const)("asking for %s from %s answers 400 unsupported_option, charging nothing", async (_what, agentId, extra, param) => {
    const before = await expectBalancedLedger(t, user.accountId);
    const calls = openai.generations().length + fal.submissions().length;
    const response = await generateWithKey(t, secret, { prompt: "a knight", agentId, ...extra });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: "unsupported_option", param });
    expect(openai.generations().length + fal.submissions().length).toBe(calls);
    expect(await expectBalancedLedger(t, user.accountId)).toBe(before);
  });
});
