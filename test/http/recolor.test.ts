import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAMED_PALETTES } from "../../src/agents/palette/named.js";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Palettes on generations and palette swaps of stored assets (contract section 12, issue "one palette"). */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000", RECOLOR_CREDITS: "1" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

type Asset = GenerationBody["assets"][number] & { layout?: { kind: string }; quality?: Record<string, unknown>; exports: Record<string, string> };
type Generation = GenerationBody & { assets: Asset[]; palette?: { name?: string; colors: string[] }; recolorOf?: string };

const balance = async () => ((await (await t.request("/api/v1/credits", { headers: bearer(secret) })).json()) as { balance: number }).balance;
const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, secret, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Generation;
};
const recolor = (assetId: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/assets/${assetId}/recolor`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(secret), ...headers },
    body: JSON.stringify(body),
  });

/** The colours of the opaque pixels of a base64 PNG that are not in `palette` (lower-case #rrggbb). */
function offPalette(b64: string, palette: readonly string[]): { off: number; opaque: number } {
  const png = decodePng(b64);
  const allowed = new Set(palette.map((c) => c.toLowerCase()));
  let off = 0;
  let opaque = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i + 3] === 0) continue;
    opaque++;
    const hex = `#${[0, 1, 2].map((k) => png.data[i + k]!.toString(16).padStart(2, "0")).join("")}`;
    if (!allowed.has(hex)) off++;
  }
  return { off, opaque };
}

describe("palette on a generation", () => {
  it.each([
    ["pixel-sprite", "knight with a sword", true],
    ["pixel-sprite", "green slime", false],
    ["icon", "red health potion", true],
    ["texture", "mossy stone bricks", false],
  ] as const)("%s (%s, transparent %s): every opaque pixel is a PICO-8 colour, and the quality says so", async (agentId, prompt, transparent) => {
    const g = await generate({ prompt, agentId, transparent, seed: 4, palette: "pico-8", width: 64, height: 64 });
    expect(g.palette).toEqual({ name: "pico-8", colors: NAMED_PALETTES["pico-8"].map((c) => c.toLowerCase()) });
    const { off, opaque } = offPalette(g.assets[0]!.b64!, NAMED_PALETTES["pico-8"]);
    expect(opaque).toBeGreaterThan(100);
    expect(off).toBe(0);
    expect(g.assets[0]!.quality).toMatchObject({ paletteCompliance: 1 });
    expect(g.assets[0]!.quality!.colors as number).toBeLessThanOrEqual(16);
  });

  it("a custom palette too, and a sheet and a tileset keep to it", async () => {
    const colors = ["#1a1c2c", "#b13e53", "#ef7d57", "#ffcd75", "#a7f070", "#38b764"];
    for (const extra of [
      { sheet: { animations: ["walk"], directions: 1 }, prompt: "wolf" },
      { agentId: "texture", prompt: "tiles", tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } },
    ]) {
      const g = await generate({ width: 64, height: 64, seed: 2, palette: colors, ...extra });
      expect(offPalette(g.assets[0]!.b64!, colors).off).toBe(0);
      expect(g.assets[0]!.quality).toMatchObject({ paletteCompliance: 1 });
    }
  });

  it("every asset carries a quality report, with or without a palette", async () => {
    const g = await generate({ prompt: "blue gem", agentId: "icon", width: 64, height: 64, transparent: true, seed: 1 });
    const quality = g.assets[0]!.quality as { colors: number; paletteCompliance: number; alphaCoverage: number; bbox: { width: number }; edgeContrast: number };
    expect(quality.paletteCompliance).toBe(1);
    expect(quality.colors).toBeGreaterThan(4);
    expect(quality.alphaCoverage).toBeGreaterThan(0.1);
    expect(quality.alphaCoverage).toBeLessThan(1);
    expect(quality.bbox.width).toBeLessThanOrEqual(64);
    expect(quality.edgeContrast).toBeGreaterThan(0.01);
    const texture = await generate({ prompt: "sand", agentId: "texture", width: 64, height: 64, seed: 1 });
    expect((texture.assets[0]!.quality as { tileabilityScore: number }).tileabilityScore).toBeLessThan(1.3);
  });

  it.each([
    ["an unknown name", "pico8", "palette", "pico-8"],
    ["one colour", ["#000000"], "palette", "2"],
    ["65 colours", Array.from({ length: 65 }, (_, i) => `#0000${i.toString(16).padStart(2, "0")}`), "palette", "64"],
    ["a short colour", ["#000000", "#fff"], "palette.1", "#rrggbb"],
    ["a duplicate", ["#000000", "#ff0000", "#FF0000"], "palette.2", "1"],
    ["a number", 7, "palette", "#rrggbb"],
  ])("refuses %s: 400 naming the field, nothing charged", async (_name, palette, param, hint) => {
    const before = await balance();
    const error = await errorOf(await generateWithKey(t, secret, { prompt: "knight", palette }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request", param });
    expect(error.message).toContain(hint);
    expect(await balance()).toBe(before);
  });
});

describe("POST /api/v1/assets/:id/recolor", () => {
  let sheet: Generation;
  beforeAll(async () => {
    sheet = await generate({ prompt: "knight with a sword", sheet: { animations: ["idle"], directions: 4 }, width: 32, height: 32, seed: 9 });
  });

  it("maps a sheet onto another palette, keeping its size, layout and exports, for the recolour price", async () => {
    const before = await balance();
    const response = await recolor(sheet.assets[0]!.id, { palette: "gameboy" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("x-credits-charged")).toBe("1");
    const g = (await response.json()) as Generation;
    expect(await balance()).toBe(before - 1);
    expect(g.status).toBe("succeeded");
    expect(g.recolorOf).toBe(sheet.assets[0]!.id);
    expect(g.palette?.name).toBe("gameboy");
    const [source, swapped] = [sheet.assets[0]!, g.assets[0]!];
    expect(swapped.id).not.toBe(source.id);
    expect([swapped.width, swapped.height]).toEqual([source.width, source.height]);
    expect(swapped.layout).toEqual(source.layout);
    expect(Object.keys(swapped.exports)).toEqual(Object.keys(source.exports));
    expect(offPalette(swapped.b64!, NAMED_PALETTES.gameboy).off).toBe(0);
    expect(swapped.quality).toMatchObject({ paletteCompliance: 1, baselineJitterPx: source.quality!.baselineJitterPx });
    // the transparent pixels stay where they were
    const [a, b] = [decodePng(source.b64!), decodePng(swapped.b64!)];
    for (let i = 3; i < a.data.length; i += 4) if ((a.data[i] === 0) !== (b.data[i] === 0)) throw new Error(`alpha moved at ${(i - 3) / 4}`);
  });

  it("is idempotent with Idempotency-Key: one charge, the same answer", async () => {
    const before = await balance();
    const key = { "idempotency-key": `recolor-${Date.now()}` };
    const first = await recolor(sheet.assets[0]!.id, { palette: "sweetie-16" }, key);
    const second = await recolor(sheet.assets[0]!.id, { palette: "sweetie-16" }, key);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.text()).toBe(await first.text());
    expect(await balance()).toBe(before - 1);
    const other = await errorOf(await recolor(sheet.assets[0]!.id, { palette: "nes" }, key));
    expect(other).toMatchObject({ status: 422 });
  });

  it("refuses another account's asset (404), a bad palette (400) and an unknown field, charging nothing", async () => {
    const before = await balance();
    const other = await createKey(t, await signUp(t));
    const foreign = await t.request(`/api/v1/assets/${sheet.assets[0]!.id}/recolor`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(other.secret) },
      body: JSON.stringify({ palette: "pico-8" }),
    });
    expect(await errorOf(foreign)).toMatchObject({ status: 404, code: "not_found" });
    expect(await errorOf(await recolor("ast_doesnotexist", { palette: "pico-8" }))).toMatchObject({ status: 404 });
    expect(await errorOf(await recolor(sheet.assets[0]!.id, { palette: "sepia" }))).toMatchObject({ status: 400, param: "palette" });
    expect(await errorOf(await recolor(sheet.assets[0]!.id, {}))).toMatchObject({ status: 400, param: "palette" });
    expect(await errorOf(await recolor(sheet.assets[0]!.id, { palette: "pico-8", seed: 1 }))).toMatchObject({ status: 400, param: "seed" });
    expect(await balance()).toBe(before);
  });

  it("works on GraphQL", async () => {
    const response = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie: user.cookie },
      body: JSON.stringify({
        query: `mutation($id: ID!) { recolorAsset(id: $id, palette: ["#000000", "#ffffff"]) { id status palette } }`,
        variables: { id: sheet.assets[0]!.id },
      }),
    });
    const body = (await response.json()) as { data?: { recolorAsset: { id: string; palette: { colors: string[] } } }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(body.data!.recolorAsset.palette.colors).toEqual(["#000000", "#ffffff"]);
  });
});
