import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, startTestApp, type TestApp } from "../support/harness.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { readStoredZip } from "../support/zip.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Sprite sheets through REST and GraphQL (contract section 12): price, layout, refusals, exports; and GraphQL's palette and quality fields. */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

interface Layout {
  kind: string;
  frameWidth: number;
  frameHeight: number;
  columns: number;
  rows: number;
  animations: { name: string; direction: string; row: number; frames: number; fps: number; loop: boolean }[];
}
type SheetAsset = GenerationBody["assets"][number] & { layout?: Layout; quality?: Record<string, number>; exports: Record<string, string> };

const balance = async () => ((await (await t.request("/api/v1/credits", { headers: bearer(secret) })).json()) as { balance: number }).balance;
const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, secret, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as GenerationBody & { assets: SheetAsset[]; sheet?: unknown };
};

describe("a sheet", () => {
  it("is priced credits × ceil(frames / 8), shown by the dry run and charged once; its PNG matches its layout", async () => {
    const body = { prompt: "knight with a sword", sheet: { animations: ["idle", "walk", "attack"], directions: 4 }, width: 32, height: 32, seed: 5 };
    const estimate = (await generate({ ...body, dryRun: true })) as unknown as { credits: { price: number }; output: string; layout: Layout };
    // 4 directions × (4 + 6 + 5) frames = 60 frames: 8 × the agent's 1 credit
    expect(estimate.output).toBe("sheet");
    expect(estimate.credits.price).toBe(8);
    expect(estimate.layout).toMatchObject({ kind: "sheet", frameWidth: 32, frameHeight: 32, columns: 6, rows: 12 });
    expect(estimate.layout.animations.map((r) => `${r.name}_${r.direction}`).slice(0, 5)).toEqual([
      "idle_south",
      "idle_east",
      "idle_north",
      "idle_west",
      "walk_south",
    ]);

    const before = await balance();
    const g = await generate(body);
    expect(g.credits.charged).toBe(8);
    expect(await balance()).toBe(before - 8);
    expect(g.sheet).toEqual({ animations: ["idle", "walk", "attack"], directions: 4, fps: 8 });
    const asset = g.assets[0]!;
    expect(asset.layout).toEqual(estimate.layout);
    const png = decodePng(asset.b64!);
    expect([png.width, png.height]).toEqual([6 * 32, 12 * 32]);
    expect([asset.width, asset.height]).toEqual([png.width, png.height]);
    for (const row of asset.layout!.animations) {
      expect((row.row + 1) * 32).toBeLessThanOrEqual(png.height);
      expect(row.frames * 32).toBeLessThanOrEqual(png.width);
    }
    expect(Object.keys(asset.exports).sort()).toEqual(["aseprite", "godot", "texturepacker", "zip"]);
    expect(asset.quality).toMatchObject({ paletteCompliance: 1 });
  });

  it("defaults to idle and walk in 4 directions at 8 fps, and the agents list its price rule", async () => {
    const estimate = (await generate({ prompt: "green slime", sheet: {}, dryRun: true })) as unknown as { credits: { price: number }; layout: Layout };
    expect(estimate.layout.animations).toHaveLength(8);
    expect(estimate.layout.animations.every((r) => r.fps === 8)).toBe(true);
    expect(estimate.credits.price).toBe(5); // 4 × (4 + 6) = 40 frames
    const agents = (await (await t.request("/api/ai/agents")).json()) as { agents: { id: string; outputs: string[]; sheet?: { creditsPer8Frames: number } }[] };
    const byId = Object.fromEntries(agents.agents.map((a) => [a.id, a]));
    expect(byId["pixel-sprite"]).toMatchObject({ outputs: ["image", "sheet"], sheet: { creditsPer8Frames: 1 } });
    expect(byId.icon!.outputs).toEqual(["image"]);
    expect(byId.icon!.sheet).toBeUndefined();
  });

  it("is the same bytes for the same seed, death does not loop", async () => {
    const body = { prompt: "wolf", sheet: { animations: ["death"], directions: 1, fps: 12 }, width: 16, height: 16, seed: 9 };
    const [a, b] = [await generate(body), await generate(body)];
    expect(a.assets[0]!.sha256).toBe(b.assets[0]!.sha256);
    expect(a.assets[0]!.layout!.animations).toEqual([{ name: "death", direction: "south", row: 0, frames: 5, fps: 12, loop: false }]);
  });
});

describe("bad sheet requests answer 400 naming the field and charge nothing", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an agent that draws no sheets", { prompt: "sword", agentId: "icon", sheet: {} }, "unsupported_option", "sheet"],
    ["an unknown animation", { prompt: "knight", sheet: { animations: ["dance"] } }, "invalid_request", "sheet.animations.0"],
    ["an animation twice", { prompt: "knight", sheet: { animations: ["walk", "walk"] } }, "invalid_request", "sheet.animations"],
    ["no animation", { prompt: "knight", sheet: { animations: [] } }, "invalid_request", "sheet.animations"],
    ["3 directions", { prompt: "knight", sheet: { directions: 3 } }, "invalid_request", "sheet.directions"],
    ["fps 0", { prompt: "knight", sheet: { fps: 0 } }, "invalid_request", "sheet.fps"],
    ["fps 31", { prompt: "knight", sheet: { fps: 31 } }, "invalid_request", "sheet.fps"],
    ["an unknown sheet field", { prompt: "knight", sheet: { frames: 9 } }, "invalid_request", "sheet.frames"],
    ["a size the agent lacks", { prompt: "knight", sheet: {}, width: 40, height: 40 }, "invalid_request", "width"],
    [
      "more frames than the agent draws (a 768×5120 sheet)",
      { prompt: "knight", sheet: { animations: ["idle", "walk", "attack", "hurt", "death"], directions: 8 }, width: 128, height: 128 },
      "invalid_request",
      "sheet",
    ],
    ["sheet with tileset", { prompt: "knight", sheet: {}, tileset: { layout: "blob-47", terrains: ["grass"] } }, "invalid_request", "tileset"],
    ["a sheet that is not an object", { prompt: "knight", sheet: "walk" }, "invalid_request", "sheet"],
    ["an object, not a figure", { prompt: "wooden treasure chest", sheet: {} }, "unsupported_option", "sheet"],
  ];
  it.each(cases)("%s", async (_name, body, code, param) => {
    const before = await balance();
    const generations = await t.db.prisma.generation.count({ where: { accountId: user.accountId } });
    for (const dryRun of [false, true]) {
      const error = await errorOf(await generateWithKey(t, secret, { ...body, ...(dryRun ? { dryRun } : {}) }));
      expect(error).toMatchObject({ status: 400, code, param });
      expect(error.message.length).toBeGreaterThan(20);
    }
    expect(await balance()).toBe(before);
    expect(await t.db.prisma.generation.count({ where: { accountId: user.accountId } })).toBe(generations);
  });

  it("the too-large sheet says how large it would be and what fits", async () => {
    const body = { prompt: "knight", sheet: { animations: ["idle", "walk", "attack", "hurt", "death"], directions: 8 }, width: 128, height: 128 };
    const error = await errorOf(await generateWithKey(t, secret, body));
    expect(error.message).toContain("768×5120");
    expect(error.message).toContain("4096");
    // the same request at 64 px fits (40 rows × 64 = 2560)
    expect((await generateWithKey(t, secret, { ...body, width: 64, height: 64, dryRun: true })).status).toBe(200);
  });
});

describe("exports", () => {
  let sheet: SheetAsset;
  let image: SheetAsset;
  beforeAll(async () => {
    sheet = (await generate({ prompt: "archer", sheet: { animations: ["walk", "death"] }, width: 32, height: 32, seed: 2 })).assets[0]!;
    image = (await generate({ prompt: "blue gem", agentId: "icon", width: 64, height: 64, seed: 2 })).assets[0]!;
  });

  it("answers each format of a sheet, the same bytes every call, with an ETag, for nothing", async () => {
    const before = await balance();
    const types: Record<string, string> = {
      aseprite: "application/json",
      texturepacker: "application/json",
      godot: "text/plain; charset=utf-8",
      zip: "application/zip",
    };
    for (const [format, url] of Object.entries(sheet.exports)) {
      expect(url).toBe(`/api/v1/assets/${sheet.id}/export/${format}`);
      const first = await t.request(url, { headers: bearer(secret) });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe(types[format]);
      expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename="archer\./);
      const etag = first.headers.get("etag")!;
      const bytes = Buffer.from(await first.arrayBuffer());
      const second = Buffer.from(await (await t.request(url, { headers: { cookie: user.cookie } })).arrayBuffer());
      expect(second.equals(bytes)).toBe(true);
      expect((await t.request(url, { headers: { ...bearer(secret), "if-none-match": etag } })).status).toBe(304);
    }
    const aseprite = (await (await t.request(sheet.exports.aseprite!, { headers: bearer(secret) })).json()) as {
      frames: { frame: { x: number; y: number; w: number; h: number }; duration: number }[];
      meta: { image: string; size: { w: number; h: number }; frameTags: { name: string; from: number; to: number }[] };
    };
    expect(aseprite.meta.image).toBe("archer.png");
    expect(aseprite.meta.size).toEqual({ w: sheet.width, h: sheet.height });
    expect(aseprite.meta.frameTags.map((tag) => [tag.name, tag.to - tag.from + 1])).toEqual(
      sheet.layout!.animations.map((row) => [`${row.name}_${row.direction}`, row.frames]),
    );
    expect(aseprite.frames.every((f) => f.duration === 125)).toBe(true);
    expect(await balance()).toBe(before);
  });

  it("answers texturepacker and zip for an image, and 404 listing them for a sheet's format", async () => {
    expect(Object.keys(image.exports).sort()).toEqual(["texturepacker", "zip"]);
    const atlas = (await (await t.request(image.exports.texturepacker!, { headers: bearer(secret) })).json()) as { frames: Record<string, unknown> };
    expect(Object.keys(atlas.frames)).toEqual(["blue-gem"]);
    const godot = await t.request(`/api/v1/assets/${image.id}/export/godot`, { headers: bearer(secret) });
    const error = await errorOf(godot);
    expect(error).toMatchObject({ status: 404, code: "not_found" });
    expect(error.message).toContain("texturepacker, zip");
    const unknown = await errorOf(await t.request(`/api/v1/assets/${sheet.id}/export/unity`, { headers: bearer(secret) }));
    expect(unknown).toMatchObject({ status: 404, code: "not_found" });
    expect(unknown.message).toContain("aseprite, texturepacker, godot, zip");
  });

  it("names every file by the prompt's slug; Godot references res://<godotDir>/<slug>.png, art by default", async () => {
    const png = await t.request(`/api/v1/assets/${sheet.id}`, { headers: bearer(secret) });
    expect(png.headers.get("content-disposition")).toBe('inline; filename="archer.png"');
    const zip = readStoredZip(Buffer.from(await (await t.request(sheet.exports.zip!, { headers: bearer(secret) })).arrayBuffer()));
    expect([...zip.keys()].sort()).toEqual(["README.txt", "archer.aseprite.json", "archer.atlas.json", "archer.png", "archer.tres"]);
    expect(zip.get("archer.tres")!.toString("utf8")).toContain('path="res://art/archer.png"');
    const godot = (query: string) => t.request(`${sheet.exports.godot}${query}`, { headers: bearer(secret) });
    expect(await (await godot("")).text()).toContain('[ext_resource type="Texture2D" path="res://art/archer.png"');
    const custom = await godot("?godotDir=game/sprites");
    expect(custom.headers.get("content-disposition")).toBe('attachment; filename="archer.tres"');
    expect(await custom.text()).toContain('path="res://game/sprites/archer.png"');
    const link = (await (await t.request(`/api/v1/assets/${sheet.id}/links`, { method: "POST", headers: bearer(secret) })).json()) as { url: string };
    const linked = await t.request(`${new URL(link.url).pathname}/export/godot?godotDir=chars`);
    expect(await linked.text()).toContain('path="res://chars/archer.png"');
    for (const bad of ["../etc", "/abs", "a//b", "a b", "x".repeat(65)]) {
      expect(await errorOf(await godot(`?godotDir=${encodeURIComponent(bad)}`))).toMatchObject({ status: 400, code: "invalid_request", param: "godotDir" });
    }
    expect(await errorOf(await t.request(`${new URL(link.url).pathname}/export/godot?godotDir=..`))).toMatchObject({ status: 400, param: "godotDir" });
  });

  it("is the owner's only: 404 to another account, 401 without credentials", async () => {
    const other = await createKey(t, await signUp(t));
    for (const url of Object.values(sheet.exports)) {
      expect(await errorOf(await t.request(url, { headers: bearer(other.secret) }))).toMatchObject({ status: 404, code: "not_found" });
      expect((await t.request(url)).status).toBe(401);
    }
  });
});

describe("GraphQL", () => {
  const post = async (q: string, v: unknown) =>
    (await (
      await t.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: user.cookie },
        body: JSON.stringify({ query: q, variables: v }),
      })
    ).json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] };

  it("takes sheet in the input and answers layout, quality and exports on the asset", async () => {
    const query = `mutation($input: GenerateInput!) { generate(input: $input) { id status sheet } }`;
    const variables = { input: { prompt: "red dragon", sheet: { animations: ["hurt"], directions: 8, fps: 6 }, width: 16, height: 16, seed: 4 } };
    const started = await post(query, variables);
    expect(started.errors).toBeUndefined();
    const id = (started.data!.generate as { id: string }).id;
    let found: { status: string; assets: { layout: Layout; quality: { colors: number }; exports: { format: string; url: string }[] }[] } | undefined;
    for (let i = 0; i < 200; i++) {
      const read = await post(
        `query($id: ID!) { generation(id: $id) { status assets { layout { rows columns animations { name direction frames fps loop } } quality { colors baselineJitterPx } exports { format url } } } }`,
        { id },
      );
      found = read.data!.generation as typeof found;
      if (found!.status === "succeeded") break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(found!.status).toBe("succeeded");
    const asset = found!.assets[0]!;
    expect(asset.layout.rows).toBe(8);
    expect(asset.layout.animations.every((r) => r.name === "hurt" && r.frames === 3 && r.fps === 6 && !r.loop)).toBe(true);
    expect(asset.exports.map((e) => e.format)).toEqual(["aseprite", "texturepacker", "godot", "zip"]);

    const refused = await post(query, { input: { prompt: "sword", agentId: "icon", sheet: {} } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "unsupported_option", param: "sheet" });
  });

  it("takes palette as JSON and answers the quality's coverage, bbox, edge contrast and tileability", async () => {
    const generate = `mutation($input: GenerateInput!) { generate(input: $input) { id } }`;
    const read = `query($id: ID!) { generation(id: $id) { status palette assets { quality {
      colors paletteCompliance alphaCoverage bbox { x y width height } edgeContrast tileabilityScore } } } }`;
    type Quality = {
      colors: number;
      paletteCompliance: number;
      alphaCoverage: number | null;
      bbox: { x: number; y: number; width: number; height: number } | null;
      edgeContrast: number | null;
      tileabilityScore: number | null;
    };
    const finished = async (input: Record<string, unknown>) => {
      const started = await post(generate, { input });
      expect(started.errors).toBeUndefined();
      const id = (started.data!.generate as { id: string }).id;
      for (let i = 0; i < 400; i++) {
        const found = (await post(read, { id })).data!.generation as { status: string; palette: unknown; assets: { quality: Quality }[] };
        if (found.status === "succeeded") return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`${id} did not finish`);
    };

    // a transparent sprite on PICO-8: all in the palette, part of the frame covered, a bbox inside it, not flat, no tileability
    const sprite = await finished({ prompt: "knight", agentId: "pixel-sprite", transparent: true, width: 32, height: 32, seed: 2, palette: "pico-8" });
    expect(sprite.palette).toMatchObject({ name: "pico-8" });
    const q = sprite.assets[0]!.quality;
    expect(q.paletteCompliance).toBe(1);
    expect(q.colors).toBeLessThanOrEqual(16);
    expect(q.alphaCoverage).toBeGreaterThan(0.02);
    expect(q.alphaCoverage).toBeLessThan(1);
    expect(q.bbox!.x + q.bbox!.width).toBeLessThanOrEqual(32);
    expect(q.bbox!.y + q.bbox!.height).toBeLessThanOrEqual(32);
    expect(q.bbox!.width * q.bbox!.height).toBeGreaterThanOrEqual(Math.round(q.alphaCoverage! * 32 * 32));
    expect(q.edgeContrast).toBeGreaterThan(0.01);
    expect(q.tileabilityScore).toBeNull();

    // a texture on custom colours: opaque everywhere, and its tileability
    const colors = ["#222034", "#45283c", "#663931", "#8f563b", "#37946e", "#6abe30"];
    const texture = await finished({ prompt: "grass", agentId: "texture", width: 64, height: 64, seed: 2, palette: colors });
    expect(texture.palette).toEqual({ colors });
    const tq = texture.assets[0]!.quality;
    expect(tq).toMatchObject({ paletteCompliance: 1, alphaCoverage: 1, bbox: { x: 0, y: 0, width: 64, height: 64 } });
    expect(tq.colors).toBeLessThanOrEqual(colors.length);
    expect(tq.tileabilityScore).toBeGreaterThan(0);
    expect(tq.tileabilityScore).toBeLessThan(1.3);

    // a bad palette is refused naming the field
    const refused = await post(generate, { input: { prompt: "knight", palette: "pico8" } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: "invalid_request", param: "palette" });
    expect(refused.errors?.[0]?.message).toContain('Did you mean "pico-8"?');
  });
});
