// A kit in Phaser 3.90 (from npm) in Debian's Chromium: the kit's multi-atlas (`load.multiatlas`) with its
// animations (`anims.fromJSON`), and a map painted with its tileset (POST /api/v1/assets/:id/map) as Tiled JSON (`load.tilemapTiledJSON`, the tileset
// embedded), all fetched through the API and served by a small server here. The hero walks on the drawn map.
import { readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { readStoredZip } from "../support/zip.js";
import { bearer, createKey, signUp } from "../support/users.js";
import { launchChromium, repo } from "./browser.js";
import { describeOn } from "../support/needs.js";

type Rect = [x: number, y: number, w: number, h: number];

interface Kit {
  items: { name: string; generation: { assets: { id: string; url: string; exports: Record<string, string> }[] } }[];
  atlas: {
    layout: { pages: { url: string }[]; frames: { name: string; page: number; x: number; y: number; w: number; h: number }[] };
    exports: Record<string, string>;
  };
}

interface Report {
  frames: string[];
  rects: Record<string, Rect>;
  walk: { frames: string[]; frameRate: number; repeat: number };
  attack: { repeat: number } | null;
  map: { width: number; height: number; tiles: number; tileset: string; gids: number[] };
}

const page = `<!doctype html>
<meta charset="utf-8">
<title>kit in Phaser</title>
<script src="/phaser.min.js"></script>
<script>
new Phaser.Game({
  type: Phaser.CANVAS,
  width: 512,
  height: 384,
  banner: false,
  audio: { noAudio: true },
  scene: {
    preload() {
      this.load.multiatlas("meadow", "/meadow.json", "/");
      this.load.json("meadow-anims", "/meadow.json");
      this.load.tilemapTiledJSON("map", "/ground.tmj");
      this.load.image("ground-tiles", "/ground.png");
    },
    create() {
      this.anims.fromJSON(this.cache.json.get("meadow-anims"));
      const map = this.make.tilemap({ key: "map" });
      const tiles = map.addTilesetImage(map.tilesets[0].name, "ground-tiles");
      const layer = map.createLayer(0, tiles, 0, 0);
      const atlas = this.textures.get("meadow");
      const frames = atlas.getFrameNames();
      const walk = this.anims.get("hero/walk_south");
      const attack = this.anims.get("hero/attack_south");
      let count = 0;
      const gids = [];
      layer.forEachTile((t) => { gids.push(t.index); if (t.index > 0) count++; });
      window.__report = {
        frames,
        rects: Object.fromEntries(frames.map((n) => { const f = atlas.get(n); return [n, [f.cutX, f.cutY, f.width, f.height]]; })),
        walk: { frames: walk.frames.map((f) => f.textureFrame), frameRate: walk.frameRate, repeat: walk.repeat },
        attack: attack ? { repeat: attack.repeat } : null,
        map: { width: map.width, height: map.height, tiles: count, tileset: tiles ? tiles.name : "", gids },
      };
      window.__seen = [];
      this.add.image(300, 210, "meadow", "slime");
      this.add.image(400, 110, "meadow", "potion");
      const hero = this.add.sprite(160, 160, "meadow", "hero/walk_south_0");
      hero.on("animationupdate", (_a, frame) => window.__seen.push(frame.textureFrame));
      hero.play("hero/walk_south");
    },
  },
});
</script>
`;

describeOn("pglite", "a kit in Phaser 3.90: multi-atlas, animations, Tiled JSON map", () => {
  let t: TestApp;
  let server: Server;
  let browser: Browser;
  let origin: string;
  let kit: Kit;
  let pages: Buffer[] = [];
  let tmj: { width: number; height: number; layers: { data: number[] }[] };
  const warnings: string[] = [];
  const elsewhere: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ SIGNUP_CREDITS: "200", RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
    const user = await signUp(t);
    const { secret } = await createKey(t, user);
    const response = await t.request("/api/v1/kits", {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({
        name: "meadow",
        scale: 64,
        palette: "endesga-32",
        transparent: true,
        seed: 3,
        items: [
          { name: "hero", prompt: "knight with a sword", agentId: "pixel-sprite", sheet: { animations: ["walk", "attack"], directions: 4 } },
          { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
          { name: "potion", prompt: "red health potion", agentId: "icon" },
          { name: "ground", prompt: "grass and dirt", agentId: "texture", tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    kit = (await response.json()) as Kit;
    const get = async (path: string) => {
      const r = await t.request(path, { headers: bearer(secret) });
      expect(r.status, path).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const ground = kit.items.find((i) => i.name === "ground")!.generation.assets[0]!;
    const tiled = readStoredZip(await get(ground.exports.tiled!));
    const pngName = [...tiled.keys()].find((n) => n.endsWith(".png"))!;
    // a map painted with the kit's tileset (POST /api/v1/assets/:id/map): its Tiled JSON, the tileset embedded
    const mapped = await t.request(`/api/v1/assets/${ground.id}/map`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bearer(secret) },
      body: JSON.stringify({ width: 20, height: 12, seed: 2 }),
    });
    expect(mapped.status, await mapped.clone().text()).toBe(200);
    const mapJson = await get(((await mapped.json()) as { assets: { exports: Record<string, string> }[] }).assets[0]!.exports["tiled-json"]!);
    tmj = JSON.parse(mapJson.toString("utf8"));
    pages = await Promise.all(kit.atlas.layout.pages.map((p) => get(p.url)));
    const files = new Map<string, { type: string; body: Buffer }>([
      ["/", { type: "text/html; charset=utf-8", body: Buffer.from(page) }],
      ["/phaser.min.js", { type: "text/javascript", body: await readFile(join(repo, "node_modules/phaser/dist/phaser.min.js")) }],
      ["/meadow.json", { type: "application/json", body: await get(kit.atlas.exports.phaser!) }],
      ["/ground.tmj", { type: "application/json", body: mapJson }],
      ["/ground.png", { type: "image/png", body: tiled.get(pngName)! }],
      ...pages.map((body, i) => [`/meadow-${i}.png`, { type: "image/png", body }] as const),
    ]);
    server = createServer((req, res) => {
      const file = files.get(new URL(req.url ?? "/", "http://x").pathname);
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": file.type, "content-length": file.body.length }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  it("loads every atlas frame where the layout says, plays the hero's walk (looping; attack once), and draws the map", { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 600, height: 450 } });
    await context.route("**/*", (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      elsewhere.push(route.request().url());
      return route.abort();
    });
    const tab = await context.newPage();
    tab.on("console", (m) => {
      if (m.type() === "warning" || m.type() === "error") warnings.push(`${m.type()}: ${m.text()}`);
    });
    tab.on("pageerror", (error) => warnings.push(`page error: ${error.message}`));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => (window as unknown as { __report?: unknown }).__report !== undefined, undefined, { timeout: 20_000 });
    const report = await tab.evaluate(() => (window as unknown as { __report: Report }).__report);

    // Every frame of the kit's layout, at its rectangle (Phaser adds __BASE per page).
    const layoutFrames = kit.atlas.layout.frames;
    expect(report.frames.filter((n) => n !== "__BASE").sort()).toEqual(layoutFrames.map((f) => f.name).sort());
    for (const f of layoutFrames) expect(report.rects[f.name], f.name).toEqual([f.x, f.y, f.w, f.h]);
    expect(report.frames).toEqual(expect.arrayContaining(["slime", "potion", "ground/tile_0", "hero/attack_north_0"]));

    // The exported animations: walk loops, attack plays once, frames in order.
    const walkFrames = layoutFrames.filter((f) => f.name.startsWith("hero/walk_south_")).length;
    expect(report.walk.repeat).toBe(-1);
    expect(report.walk.frames).toEqual(Array.from({ length: walkFrames }, (_, i) => `hero/walk_south_${i}`));
    expect(report.attack).toEqual({ repeat: 0 });
    await expect.poll(() => tab.evaluate(() => (window as unknown as { __seen: string[] }).__seen.length), { timeout: 8_000 }).toBeGreaterThan(walkFrames);
    const seen = await tab.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(new Set(seen).size).toBe(walkFrames);

    // The map: Tiled JSON with the tileset embedded, every cell a tile of it, as the file says.
    expect([report.map.width, report.map.height]).toEqual([tmj.width, tmj.height]);
    expect(report.map.tiles).toBe(tmj.width * tmj.height);
    expect(report.map.gids).toEqual(tmj.layers[0]!.data);
    expect(report.map.tileset).not.toBe("");

    // KIT_PICTURE_DIR=docs npx vitest run test/browser/phaser-kit.test.ts: the README's pictures of the kit.
    const pictures = process.env.KIT_PICTURE_DIR;
    if (pictures) {
      await tab.locator("canvas").screenshot({ path: join(pictures, "kit-scene.png") });
      await writeFile(join(pictures, "kit-atlas.png"), pages[0]!);
    }
    await context.close();
    expect(elsewhere).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
