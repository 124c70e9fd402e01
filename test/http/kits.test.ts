import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { readStoredZip } from "../support/zip.js";
import { expectBalancedLedger } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp, type TestUser } from "../support/users.js";

/** Kits (contract section 13): several assets at one scale in one call, one reservation, one atlas. */
let t: TestApp;
let user: TestUser;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "200" });
  user = await signUp(t);
  ({ secret } = await createKey(t, user));
});
afterAll(() => t.close());

interface Kit {
  id: string;
  status: string;
  scale: number;
  items: { name: string; generation: { id: string; status: string; assets: { id: string; url: string; layout?: { kind: string } }[] } }[];
  failed: { name: string }[];
  atlas: {
    layout: {
      pages: { index: number; width: number; height: number; url: string }[];
      frames: { name: string; page: number; x: number; y: number; w: number; h: number; asset: string }[];
    };
    exports: Record<string, string>;
  };
  credits: { charged: number; balance: number };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.request("/api/v1/kits", { method: "POST", headers: { "content-type": "application/json", ...bearer(secret), ...headers }, body: JSON.stringify(body) });
const get = (path: string) => t.request(path, { headers: bearer(secret) });
const balance = async () => ((await (await get("/api/v1/credits")).json()) as { balance: number }).balance;
const kitCount = () => t.app.services.kits && t.db.prisma.kit.count({ where: { accountId: user.accountId } });

const names = (k: Kit) => new Set(k.atlas.layout.frames.map((f) => f.name));

const items = [
  { name: "hero", prompt: "knight with a sword", agentId: "pixel-sprite", sheet: { animations: ["walk"], directions: 4 } },
  { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
  { name: "ground", prompt: "grass and dirt", agentId: "texture", tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] }, width: 64, height: 64 },
];
const body = { name: "meadow", scale: 32, palette: "endesga-32", transparent: true, seed: 7, items };

describe("POST /api/v1/kits", () => {
  it("dry run: prices every item and the sum, charges nothing", async () => {
    const before = await balance();
    const response = await post({ ...body, dryRun: true });
    expect(response.status).toBe(200);
    const estimate = (await response.json()) as { items: { name: string; price: number; output: string; width: number }[]; credits: { price: number } };
    expect(estimate.items.map((i) => [i.name, i.output, i.width])).toEqual([
      ["hero", "sheet", 32],
      ["slime", "image", 32],
      ["ground", "tileset", 64],
    ]);
    expect(estimate.credits.price).toBe(estimate.items.reduce((s, i) => s + i.price, 0));
    expect(await balance()).toBe(before);
  });

  let kit: Kit;
  it("makes every item, charges the sum once, packs the atlas (each frame's pixels exactly its asset's)", async () => {
    const before = await balance();
    const estimate = (await (await post({ ...body, dryRun: true })).json()) as { credits: { price: number } };
    const response = await post(body, { "idempotency-key": "kit-1" });
    expect(response.status, await response.clone().text()).toBe(200);
    kit = (await response.json()) as Kit;
    expect(kit).toMatchObject({ status: "succeeded", scale: 32, failed: [] });
    expect(kit.items.map((i) => i.generation.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(kit.credits.charged).toBe(estimate.credits.price);
    expect(await balance()).toBe(before - estimate.credits.price);
    expect(response.headers.get("x-credits-charged")).toBe(String(estimate.credits.price));

    const names = kit.atlas.layout.frames.map((f) => f.name);
    expect(names).toContain("hero/walk_south_0");
    expect(names).toContain("slime");
    expect(names).toContain("ground/tile_15");
    expect(new Set(names).size).toBe(names.length);

    // Every frame of the atlas is its source's pixels, exactly.
    const pages = await Promise.all(kit.atlas.layout.pages.map(async (p) => PNG.sync.read(Buffer.from(await (await get(p.url)).arrayBuffer()))));
    const sources = new Map<string, PNG>();
    for (const item of kit.items) {
      const asset = item.generation.assets[0]!;
      sources.set(asset.id, PNG.sync.read(Buffer.from(await (await get(asset.url)).arrayBuffer())));
    }
    const hero = kit.items[0]!.generation.assets[0]! as unknown as {
      layout: { frameWidth: number; frameHeight: number; animations: { name: string; direction: string; row: number }[] };
    };
    const row = hero.layout.animations.find((a) => a.name === "walk" && a.direction === "south")!.row;
    const check = (frame: Kit["atlas"]["layout"]["frames"][number], sx: number, sy: number) => {
      const page = pages[frame.page]!;
      const source = sources.get(frame.asset)!;
      for (let y = 0; y < frame.h; y++) {
        const a = page.data.subarray(((frame.y + y) * page.width + frame.x) * 4, ((frame.y + y) * page.width + frame.x + frame.w) * 4);
        const b = source.data.subarray(((sy + y) * source.width + sx) * 4, ((sy + y) * source.width + sx + frame.w) * 4);
        expect(Buffer.compare(Buffer.from(a), Buffer.from(b)), `${frame.name} row ${y}`).toBe(0);
      }
    };
    const byName = new Map(kit.atlas.layout.frames.map((f) => [f.name, f]));
    check(byName.get("hero/walk_south_1")!, 32, row * 32);
    check(byName.get("slime")!, 0, 0);
    await expectBalancedLedger(t, user.accountId);
  });

  it("one Idempotency-Key: the repeat answers the same kit and charges nothing", async () => {
    const before = await balance();
    const response = await post(body, { "idempotency-key": "kit-1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(((await response.json()) as Kit).id).toBe(kit.id);
    expect(await balance()).toBe(before);
  });

  it("Prefer: respond-async answers 202 running at once; GET settles it and shows the atlas once every item has ended", async () => {
    const response = await post({ ...body, seed: 8, items: items.slice(0, 2) }, { prefer: "respond-async" });
    expect(response.status).toBe(202);
    const running = (await response.json()) as Kit;
    expect(response.headers.get("location")).toBe(`/api/v1/kits/${running.id}`);
    expect([running.status, running.atlas]).toEqual(["running", null]);
    for (let i = 0; i < 200; i++) {
      const now = (await (await get(`/api/v1/kits/${running.id}`)).json()) as Kit;
      if (now.status !== "running") {
        expect(now.status).toBe("succeeded");
        expect(names(now).has("slime")).toBe(true);
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the kit did not finish");
  });

  it("GET /api/v1/kits/:id answers the kit; another account's is 404", async () => {
    const response = await get(`/api/v1/kits/${kit.id}`);
    expect(response.status).toBe(200);
    const again = (await response.json()) as Kit;
    expect(again.atlas.layout).toEqual(kit.atlas.layout);
    const other = await signUp(t);
    const { secret: otherKey } = await createKey(t, other);
    expect((await t.request(`/api/v1/kits/${kit.id}`, { headers: bearer(otherKey) })).status).toBe(404);
    expect((await t.request(kit.atlas.layout.pages[0]!.url, { headers: bearer(otherKey) })).status).toBe(404);
  });

  it("exports the atlas: Phaser multi-atlas with animations, TexturePacker, libGDX, Godot under ?godotDir=, zip; loops agree", async () => {
    const phaserResponse = await get(kit.atlas.exports.phaser!);
    expect(phaserResponse.headers.get("content-disposition")).toBe('attachment; filename="meadow.json"');
    const phaser = (await phaserResponse.json()) as {
      textures: { image: string; size: { w: number; h: number }; frames: { filename: string; frame: { x: number; y: number; w: number; h: number } }[] }[];
      anims: { key: string; frames: { key: string; frame: string }[]; frameRate: number; repeat: number }[];
    };
    expect(phaser.textures.map((p) => p.image)).toEqual(kit.atlas.layout.pages.map((_, i) => `meadow-${i}.png`));
    const frames = phaser.textures.flatMap((p) => p.frames);
    expect(frames.length).toBe(kit.atlas.layout.frames.length);
    for (const f of kit.atlas.layout.frames) expect(frames.find((x) => x.filename === f.name)?.frame).toEqual({ x: f.x, y: f.y, w: f.w, h: f.h });
    const walk = phaser.anims.find((a) => a.key === "hero/walk_south")!;
    expect(walk).toMatchObject({ repeat: -1, frames: [{ key: "meadow", frame: "hero/walk_south_0" }, ...walk.frames.slice(1)] });
    expect(walk.frames.every((f) => names(kit).has(f.frame))).toBe(true);

    const tp = (await (await get(kit.atlas.exports.texturepacker!)).json()) as { frames: Record<string, unknown>; meta: { image: string } };
    expect(tp.meta.image).toBe("meadow-0.png");
    expect(Object.keys(tp.frames).length).toBe(kit.atlas.layout.frames.length);

    const libgdx = await (await get(kit.atlas.exports.libgdx!)).text();
    expect(libgdx).toMatch(/^\nmeadow-0\.png\nsize: \d+, \d+\nformat: RGBA8888\nfilter: Nearest, Nearest\nrepeat: none\n/);
    const south = kit.atlas.layout.frames.find((f) => f.name === "hero/walk_south_1")!;
    expect(libgdx).toContain(`hero/walk_south\n  bounds: ${south.x}, ${south.y}, ${south.w}, ${south.h}\n  index: 1`);
    expect(libgdx).toContain("\nslime\n  bounds: ");

    const godot = readStoredZip(Buffer.from(await (await get(`${kit.atlas.exports.godot}?godotDir=game/sprites`)).arrayBuffer()));
    expect([...godot.keys()]).toEqual(
      expect.arrayContaining(["game/sprites/meadow-0.png", "game/sprites/hero.tres", "game/sprites/slime.tres", "game/sprites/ground-tile-0.tres"]),
    );
    const hero = godot.get("game/sprites/hero.tres")!.toString("utf8");
    expect(hero).toContain('[ext_resource type="Texture2D" path="res://game/sprites/meadow-0.png" id="1_tex"]');
    expect(hero).toMatch(/"loop": true,\n"name": &"walk_south"/);
    const regions = [...hero.matchAll(/region = Rect2\((\d+), (\d+), (\d+), (\d+)\)/g)].map((m) => m.slice(1).map(Number));
    expect(regions).toContainEqual([south.x, south.y, south.w, south.h]);
    const subs = (hero.match(/\[sub_resource /g) ?? []).length;
    expect(hero).toContain(`load_steps=${subs + 2}`);
    const defaultDir = readStoredZip(Buffer.from(await (await get(kit.atlas.exports.godot!)).arrayBuffer()));
    expect(defaultDir.get("art/slime.tres")!.toString("utf8")).toContain('path="res://art/meadow-0.png"');

    const zip = readStoredZip(Buffer.from(await (await get(kit.atlas.exports.zip!)).arrayBuffer()));
    expect([...zip.keys()]).toEqual(expect.arrayContaining(["meadow-0.png", "meadow.json", "meadow.atlas", "texturepacker/meadow-0.json", "godot/hero.tres"]));
    expect((await get(`/api/v1/kits/${kit.id}/export/spine`)).status).toBe(404);
  });

  it.each([
    ["no items", { ...body, items: [] }, "items"],
    ["65 items", { ...body, items: Array.from({ length: 65 }, (_, i) => ({ prompt: `slime ${i}` })) }, "items"],
    ["duplicate names", { ...body, items: [items[1], { ...items[1], prompt: "red slime" }] }, "items.1.name"],
    ["duplicate default names", { ...body, items: [{ prompt: "Green slime!" }, { prompt: "green  slime" }] }, "items.1.name"],
    ["a scale not in 16, 32, 48, 64", { ...body, scale: 20 }, "scale"],
    ["sheet and tileset", { ...body, items: [items[0], { ...items[2], sheet: { animations: ["walk"] } }] }, "items.1.sheet"],
    ["sheet and tileset on the fourth item", { ...body, items: [...items, { ...items[2], name: "sand", sheet: { animations: ["walk"] } }] }, "items.3.sheet"],
    ["an unknown agent", { ...body, items: [items[0], { prompt: "x", agentId: "nope" }] }, "items.1.agentId"],
    ["a size the agent does not draw", { ...body, items: [items[0], { prompt: "stone", agentId: "texture", width: 20, height: 20 }] }, "items.1.width"],
  ])("refuses %s: 400 naming the field, nothing charged or written", async (_, bad, param) => {
    const before = await balance();
    const kits = await kitCount();
    const response = await post(bad);
    const error = await errorOf(response);
    expect(error.status, error.message).toBe(400);
    expect(error.param).toBe(param);
    expect(await balance()).toBe(before);
    expect(await kitCount()).toBe(kits);
  });

  it("reserves all or nothing: a kit the balance cannot pay is 402 and charges nothing", async () => {
    const before = await balance();
    const kits = await kitCount();
    const many = Array.from({ length: 40 }, (_, i) => ({
      name: `s${i}`,
      prompt: "knight",
      agentId: "pixel-sprite",
      sheet: { animations: ["walk", "idle"], directions: 8 },
    }));
    const response = await post({ scale: 32, items: many });
    expect((await errorOf(response)).code).toBe("insufficient_credits");
    expect(await balance()).toBe(before);
    expect(await kitCount()).toBe(kits);
    await expectBalancedLedger(t, user.accountId);
  });
});

describe("GraphQL generateKit and kit", () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await t.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Record<string, never> | null; errors?: { message: string; extensions: { code: string; param?: string } }[] };
  };
  const input = {
    name: "gql slimes",
    scale: 16,
    items: [
      { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
      { name: "stone", prompt: "stone", agentId: "texture" },
    ],
  };
  const generate = `mutation ($input: GenerateKitInput!, $key: String) { generateKit(input: $input, idempotencyKey: $key) { id status credits { charged } } }`;
  const read = `query ($id: ID!) { kit(id: $id) { id status scale items { name generation { status } } failed { name }
    atlas { pages { index width url } frames { name page w h asset } exports { format url } } credits { charged balance } } }`;

  it("estimates, starts a kit once per idempotency key, and answers it as GET /api/v1/kits/:id", async () => {
    const estimate = await gql(`query ($input: GenerateKitInput!) { estimateKit(input: $input) { price items { name output width } } }`, { input });
    const { price, items: priced } = (estimate.data as unknown as { estimateKit: { price: number; items: { name: string; width: number }[] } }).estimateKit;
    expect(priced.map((i) => [i.name, i.width])).toEqual([
      ["slime", 16],
      ["stone", 16],
    ]);
    const before = await balance();
    const first = (await gql(generate, { input, key: "gql-kit-1" })).data as unknown as { generateKit: { id: string; status: string } };
    const again = (await gql(generate, { input, key: "gql-kit-1" })).data as unknown as { generateKit: { id: string } };
    expect(again.generateKit.id).toBe(first.generateKit.id);
    expect(await balance()).toBe(before - price);

    let kit: {
      status: string;
      scale: number;
      atlas: { frames: { name: string; w: number }[]; exports: { format: string }[]; pages: { url: string }[] } | null;
      credits: { charged: number };
    };
    for (;;) {
      const answer = await gql(read, { id: first.generateKit.id });
      expect(answer.errors).toBeUndefined();
      kit = (answer.data as unknown as { kit: typeof kit }).kit;
      if (kit.status !== "running") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(kit).toMatchObject({ status: "succeeded", scale: 16, credits: { charged: price } });
    expect(kit.atlas!.frames.map((f) => [f.name, f.w])).toEqual(expect.arrayContaining([["slime", 16]]));
    expect(kit.atlas!.exports.map((e) => e.format)).toEqual(["phaser", "texturepacker", "godot", "libgdx", "zip"]);
    const rest = (await (await get(`/api/v1/kits/${first.generateKit.id}`)).json()) as Kit;
    expect(rest.atlas.layout.frames.map((f) => f.name)).toEqual(kit.atlas!.frames.map((f) => f.name));
    expect((await get(kit.atlas!.pages[0]!.url)).headers.get("content-type")).toBe("image/png");
  });

  it("refuses a bad kit naming the field, nothing charged", async () => {
    const before = await balance();
    const answer = await gql(generate, { input: { ...input, scale: 20 } });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "invalid_request", param: "scale" });
    const dry = await gql(generate, { input: { ...input, dryRun: true } });
    expect(dry.errors?.[0]?.extensions).toMatchObject({ code: "invalid_request", param: "dryRun" });
    expect(await balance()).toBe(before);
  });
});

describe("POST /api/v1/atlases", () => {
  const pack = (body: unknown, key = secret, headers: Record<string, string> = {}) =>
    t.request("/api/v1/atlases", { method: "POST", headers: { "content-type": "application/json", ...bearer(key), ...headers }, body: JSON.stringify(body) });
  let assets: string[];
  beforeAll(async () => {
    const made = (await (
      await post({
        scale: 16,
        items: [
          { name: "a", prompt: "slime", agentId: "pixel-sprite" },
          { name: "b", prompt: "slime", agentId: "pixel-sprite" },
        ],
      })
    ).json()) as Kit;
    assets = made.items.map((i) => i.generation.assets[0]!.id);
  });

  it("packs your assets as a kit's atlas for ATLAS_CREDITS (1), served by the kit's routes", async () => {
    const before = await balance();
    const response = await pack({ assets, atlas: { padding: 1 } });
    expect(response.status, await response.clone().text()).toBe(200);
    const atlas = (await response.json()) as Kit;
    expect(atlas.credits.charged).toBe(1);
    expect(await balance()).toBe(before - 1);
    expect(atlas.atlas.layout.frames.map((f) => [f.name, f.asset])).toEqual([
      ["slime", assets[0]],
      ["slime-2", assets[1]],
    ]);
    expect((await get(atlas.atlas.layout.pages[0]!.url)).headers.get("content-type")).toBe("image/png");
    expect((await get(atlas.atlas.exports.phaser!)).status).toBe(200);
    await expectBalancedLedger(t, user.accountId);
  });

  it("charges through the reservation: one Idempotency-Key charges once, a later GET shows the charge, the scale is the assets'", async () => {
    const before = await balance();
    const key = { "idempotency-key": `atlas-${Date.now()}` };
    const first = await pack({ assets }, secret, key);
    expect(first.status, await first.clone().text()).toBe(200);
    const again = await pack({ assets }, secret, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-credits-charged")).toBe("0");
    const [a, b] = [(await first.json()) as Kit, (await again.json()) as Kit];
    expect(b.id).toBe(a.id);
    expect(await balance()).toBe(before - 1);
    const read = (await (await get(`/api/v1/kits/${a.id}`)).json()) as Kit;
    expect([read.credits.charged, read.scale, read.status]).toEqual([1, 16, "succeeded"]);
    await expectBalancedLedger(t, user.accountId);
  });

  it("a key's budget applies: the packing past it is 402 key_budget_exceeded, nothing charged or written", async () => {
    const key = await createKey(t, user, { budget: { credits: 1, period: "total" } });
    expect((await pack({ assets }, key.secret)).status).toBe(200); // spends the key's one credit
    const [before, kits] = [await balance(), await kitCount()];
    const error = await errorOf(await pack({ assets }, key.secret));
    expect([error.status, error.code]).toEqual([402, "key_budget_exceeded"]);
    expect([await balance(), await kitCount()]).toEqual([before, kits]);
  });

  it.each([
    ["no assets", { assets: [] }, 400, "assets"],
    ["501 assets", { assets: Array.from({ length: 501 }, () => "ast_x") }, 400, "assets"],
    ["an asset that is not yours", { assets: ["OWN", "ast_0123456789012345678901"] }, 404, "assets.1"],
  ])("refuses %s naming the field, nothing charged", async (_, bad, status, param) => {
    const before = await balance();
    const body = { assets: bad.assets.map((a) => (a === "OWN" ? assets[0]! : a)) };
    const error = await errorOf(await pack(body));
    expect([error.status, error.param]).toEqual([status, param]);
    expect(await balance()).toBe(before);
  });
});
