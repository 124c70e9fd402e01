// A generated sprite sheet in Phaser 3 (from npm) in Debian's Chromium: the PNG with its Aseprite JSON
// (`load.aseprite` + `anims.createFromAseprite`) and its TexturePacker JSON hash (`load.atlas`), all served by a
// small server here, the page reaching no other host. What is checked is the files against the layout (names,
// frame counts, rectangles, playback), never what the frames look like.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SheetLayout } from "../../src/agents/driver.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { generateWithKey } from "../support/generation.js";
import { bearer, createKey, signUp } from "../support/users.js";
import { launchChromium, repo } from "./browser.js";
import { describeOn } from "../support/needs.js";

interface SheetAsset {
  id: string;
  url: string;
  width: number;
  height: number;
  layout: SheetLayout;
  exports: { aseprite: string; texturepacker: string; godot: string; zip: string };
}

type Rect = [x: number, y: number, w: number, h: number];

/** What the page reports on `window.__report` once `create` ran. */
interface Report {
  animations: { key: string; frames: number; rects: Rect[]; frameRate: number }[];
  atlasFrames: string[];
  atlasRects: Record<string, Rect>;
  sheetSize: [number, number];
}

// The page: one scene loading both files, reporting what Phaser made of them, and a sprite playing walk_south whose
// frame changes are recorded (window.__walk). Every Phaser warning goes to the console, where the test collects it.
const page = (id: string) => `<!doctype html>
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

describeOn("pglite", "a sprite sheet in Phaser 3.90", () => {
  let t: TestApp;
  let server: Server;
  let browser: Browser;
  let origin: string;
  let asset: SheetAsset;
  /** Requests the page made to any other host (aborted), and every request it made. */
  const elsewhere: string[] = [];
  const requested: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
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
    const get = async (path: string) => {
      const r = await t.request(path, { headers: bearer(secret) });
      expect(r.status, path).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const files = new Map<string, { type: string; body: Buffer }>([
      ["/", { type: "text/html; charset=utf-8", body: Buffer.from(page(asset.id)) }],
      ["/phaser.min.js", { type: "text/javascript", body: await readFile(join(repo, "node_modules/phaser/dist/phaser.min.js")) }],
      [`/${asset.id}.png`, { type: "image/png", body: await get(asset.url) }],
      [`/${asset.id}.aseprite.json`, { type: "application/json", body: await get(asset.exports.aseprite) }],
      [`/${asset.id}.atlas.json`, { type: "application/json", body: await get(asset.exports.texturepacker) }],
    ]);
    server = createServer((req, res) => {
      const file = files.get(new URL(req.url ?? "/", "http://x").pathname);
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": file.type, "content-length": file.body.length }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  it("makes one animation per row from the Aseprite JSON and one atlas frame per used cell, each where the layout says; walk_south plays", {
    timeout: 60_000,
  }, async () => {
    const context = await browser.newContext({ viewport: { width: 400, height: 400 } });
    // Anything not from our server is refused before it leaves, and noted.
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin) return route.continue();
      elsewhere.push(route.request().url());
      return route.abort();
    });
    context.on("request", (request) => {
      const url = new URL(request.url());
      requested.push(url.protocol === "data:" || url.protocol === "blob:" ? url.protocol : request.url());
    });
    const tab = await context.newPage();
    tab.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(`${message.type()}: ${message.text()}`);
    });
    tab.on("pageerror", (error) => warnings.push(`page error: ${error.message}`));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => (window as unknown as { __report?: unknown }).__report !== undefined, undefined, { timeout: 20_000 });
    const report = await tab.evaluate(() => (window as unknown as { __report: Report }).__report);

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
    const expectedAtlas = rows.flatMap((row) => Array.from({ length: row.frames }, (_, c) => [`${row.name}_${row.direction}_${c}`, cell(row.row, c)] as const));
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
