// Phaser 3.90 (from npm) in Debian's Chromium, on files fetched through the API and served by a small server here, the
// page reaching no other host; one app and one browser for both pages.
// A generated sprite sheet: the PNG with its Aseprite JSON (`load.aseprite` + `anims.createFromAseprite`) and its
// TexturePacker JSON hash (`load.atlas`). What is checked is the files against the layout (names, frame counts,
// rectangles, playback), never what the frames look like.
// A kit: its multi-atlas (`load.multiatlas`) with its animations (`anims.fromJSON`), and a map painted with its tileset as
// Tiled JSON (`load.tilemapTiledJSON`, the tileset embedded). The hero walks on the drawn map.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SheetLayout } from "../../src/agents/driver.js";
import { generateWithKey } from "../support/generation.js";
import { readStoredZip } from "../support/zip.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { describeOn } from "../support/needs.js";
import { bearer, createKey, signUp } from "../support/users.js";
import { launchChromium } from "./browser.js";
import { fetchWithKey, openReportingPage, phaserScript, serveFiles, type ServedFile } from "./phaser-page.js";

type Rect = [x: number, y: number, w: number, h: number];

interface SheetAsset {
  id: string;
  url: string;
  width: number;
  height: number;
  layout: SheetLayout;
  exports: { aseprite: string; texturepacker: string; godot: string; zip: string };
}

/** What the page reports on `window.__report` once `create` ran. */
interface SheetReport {
  animations: { key: string; frames: number; rects: Rect[]; frameRate: number }[];
  atlasFrames: string[];
  atlasRects: Record<string, Rect>;
  sheetSize: [number, number];
}

// The page: one scene loading both files, reporting what Phaser made of them, and a sprite playing walk_south whose
// frame changes are recorded (window.__walk). Every Phaser warning goes to the console, where the test collects it.
const sheetPage = (id: string) => `<!doctype html>
<meta charset="utf-8">
<title>sheet in Phaser</title>
<script src="/phaser.min.js"></script>
<script>
const rect = (f) => [f.cutX, f.cutY, f.width, f.height];
new Phaser.Game({
  type: Phaser.CANVAS,
  width: 256,
  height: 256,
  banner: false,
  audio: { noAudio: true },
  scene: {
    preload() {
      this.load.aseprite("sheet", "/${id}.png", "/${id}.aseprite.json");
      this.load.atlas("atlas", "/${id}.png", "/${id}.atlas.json");
    },
    create() {
      const made = this.anims.createFromAseprite("sheet");
      const atlas = this.textures.get("atlas");
      const atlasFrames = atlas.getFrameNames();
      const sheet = this.textures.get("sheet").get("__BASE");
      window.__report = {
        animations: made.map((a) => ({
          key: a.key,
          frames: a.frames.length,
          rects: a.frames.map((f) => rect(f.frame)),
          frameRate: a.frameRate,
        })),
        atlasFrames,
        atlasRects: Object.fromEntries(atlasFrames.map((name) => [name, rect(atlas.get(name))])),
        sheetSize: [sheet.width, sheet.height],
      };
      window.__walk = [];
      const sprite = this.add.sprite(128, 128, "sheet");
      sprite.on("animationupdate", (_anim, frame) => window.__walk.push(frame.index));
      // createFromAseprite makes animations that play once; a game loops a walk itself.
      sprite.play({ key: "walk_south", repeat: -1 });
      window.__sprite = sprite;
    },
  },
});
</script>
`;

interface Kit {
  items: { name: string; generation: { assets: { id: string; url: string; exports: Record<string, string> }[] } }[];
  atlas: {
    layout: { pages: { url: string }[]; frames: { name: string; page: number; x: number; y: number; w: number; h: number }[] };
    exports: Record<string, string>;
  };
}

interface KitReport {
  frames: string[];
  rects: Record<string, Rect>;
  walk: { frames: string[]; frameRate: number; repeat: number };
  attack: { repeat: number } | null;
  map: { width: number; height: number; tiles: number; tileset: string; gids: number[] };
}

const kitPage = `<!doctype html>
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

describeOn("pglite", "Phaser 3.90 in Chromium", () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ SIGNUP_CREDITS: "200", RATE_LIMIT_GENERATE_PER_MINUTE: "1000" }), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe("a sprite sheet", () => {
    let server: Awaited<ReturnType<typeof serveFiles>> | undefined;
    let origin: string;
    let asset: SheetAsset;

    beforeAll(async () => {
      const user = await signUp(t);
      const { secret } = await createKey(t, user);
      const response = await generateWithKey(t, secret, {
        prompt: "knight with a sword",
        sheet: { animations: ["idle", "walk", "attack"], directions: 4, fps: 8 },
        width: 64,
        height: 64,
        transparent: true,
        seed: 7,
      });
      const body = (await response.json()) as { status: string; assets: SheetAsset[] };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.status).toBe("succeeded");
      asset = body.assets[0]!;

      // The files as a client gets them: the asset and two of its exports, each through the API with the key.
      const get = fetchWithKey(t, secret);
      const files = new Map<string, ServedFile>([
        ["/", { type: "text/html; charset=utf-8", body: Buffer.from(sheetPage(asset.id)) }],
        await phaserScript(),
        [`/${asset.id}.png`, { type: "image/png", body: await get(asset.url) }],
        [`/${asset.id}.aseprite.json`, { type: "application/json", body: await get(asset.exports.aseprite) }],
        [`/${asset.id}.atlas.json`, { type: "application/json", body: await get(asset.exports.texturepacker) }],
      ]);
      server = await serveFiles(files);
      origin = server.origin;
    }, 90_000);

    afterAll(async () => {
      await server?.close();
    });

    it("makes one animation per row from the Aseprite JSON and one atlas frame per used cell, each where the layout says; walk_south plays", {
      timeout: 60_000,
    }, async () => {
      const { context, tab, report, elsewhere, requested, warnings } = await openReportingPage<SheetReport>(browser, origin, { width: 400, height: 400 });

      const { layout } = asset;
      const rows = [...layout.animations].sort((a, b) => a.row - b.row);
      expect(rows).toHaveLength(3 * 4);
      expect(report.sheetSize).toEqual([layout.columns * layout.frameWidth, layout.rows * layout.frameHeight]);
      const cell = (row: number, column: number): Rect => [column * layout.frameWidth, row * layout.frameHeight, layout.frameWidth, layout.frameHeight];

      // createFromAseprite: one animation per layout row, named <animation>_<direction>, with the row's frames in
      // order, each frame's texture rectangle being that row's cell.
      expect(report.animations.map((a) => a.key).sort()).toEqual(rows.map((r) => `${r.name}_${r.direction}`).sort());
      for (const row of rows) {
        const made = report.animations.find((a) => a.key === `${row.name}_${row.direction}`)!;
        expect(made.frames, made.key).toBe(row.frames);
        expect(made.frameRate, `${made.key}: frames per second`).toBeCloseTo(row.fps, 1);
        expect(made.rects, `${made.key}: frame rectangles`).toEqual(Array.from({ length: row.frames }, (_, c) => cell(row.row, c)));
      }

      // load.atlas: exactly one frame per used cell, named <animation>_<direction>_<i>, at that cell.
      const expectedAtlas = rows.flatMap((row) =>
        Array.from({ length: row.frames }, (_, c) => [`${row.name}_${row.direction}_${c}`, cell(row.row, c)] as const),
      );
      expect([...report.atlasFrames].sort()).toEqual(expectedAtlas.map(([name]) => name).sort());
      expect(report.atlasRects).toEqual(Object.fromEntries(expectedAtlas));

      // A sprite playing walk_south moves on: its frame index read at two times differs, and it shows the row's frames
      // in order, 1 → frames, then 1 again.
      const walk = rows.find((r) => r.name === "walk" && r.direction === "south")!;
      const index = () =>
        tab.evaluate(() => (window as unknown as { __sprite: { anims: { currentFrame: { index: number } } } }).__sprite.anims.currentFrame.index);
      const first = await index();
      // A frame lasts 1/fps s; polled rather than slept, so a busy machine's late frames don't fail it.
      await expect.poll(index, { timeout: 5_000, interval: Math.ceil(1000 / walk.fps) }).not.toBe(first);
      await expect
        .poll(() => tab.evaluate(() => (window as unknown as { __walk: number[] }).__walk.length), { timeout: 5_000 })
        .toBeGreaterThanOrEqual(walk.frames + 1);
      const seen = await tab.evaluate(() => (window as unknown as { __walk: number[] }).__walk);
      for (let i = 1; i < seen.length; i++) expect(seen[i], `frame after ${seen[i - 1]}`).toBe((seen[i - 1]! % walk.frames) + 1);
      expect(new Set(seen).size).toBe(walk.frames);

      await context.close();
      // Nothing reached another host; the page asked for exactly the files served here; Phaser warned about nothing.
      expect(elsewhere).toEqual([]);
      const ours = [...new Set(requested.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname))].sort();
      expect(ours.filter((path) => path !== "/favicon.ico")).toEqual(
        ["/", `/${asset.id}.aseprite.json`, `/${asset.id}.atlas.json`, `/${asset.id}.png`, "/phaser.min.js"].sort(),
      );
      expect(requested.filter((u) => !u.startsWith(origin) && u !== "data:" && u !== "blob:")).toEqual([]);
      expect(warnings).toEqual([]);
    });
  });

  describe("a kit: multi-atlas, animations, Tiled JSON map", () => {
    let server: Awaited<ReturnType<typeof serveFiles>> | undefined;
    let origin: string;
    let kit: Kit;
    let pages: Buffer[] = [];
    let tmj: { width: number; height: number; layers: { data: number[] }[] };

    beforeAll(async () => {
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
      const get = fetchWithKey(t, secret);
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
      const files = new Map<string, ServedFile>([
        ["/", { type: "text/html; charset=utf-8", body: Buffer.from(kitPage) }],
        await phaserScript(),
        ["/meadow.json", { type: "application/json", body: await get(kit.atlas.exports.phaser!) }],
        ["/ground.tmj", { type: "application/json", body: mapJson }],
        ["/ground.png", { type: "image/png", body: tiled.get(pngName)! }],
        ...pages.map((body, i) => [`/meadow-${i}.png`, { type: "image/png", body }] as const),
      ]);
      server = await serveFiles(files);
      origin = server.origin;
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    it("loads every atlas frame where the layout says, plays the hero's walk (looping; attack once), and draws the map", { timeout: 60_000 }, async () => {
      const { context, tab, report, elsewhere, warnings } = await openReportingPage<KitReport>(browser, origin, { width: 600, height: 450 });

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

      // KIT_PICTURE_DIR=docs npx vitest run test/browser/phaser.test.ts: the README's pictures of the kit.
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
});
