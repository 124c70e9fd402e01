// Tilesets in the web client, in a real browser: the form offers "Tileset" only for an agent that
// draws them, prices the set before anything is charged (credits × ceil(tiles / 16)), and the
// result shows the tile sheet beside a sample map painted with it. The map is checked against the
// same paintRandomMap run here (the service's own, so the web client's copy is checked with it):
// every cell of the canvas holds exactly the tile the layout's rule puts there, cut from the sheet.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TilesetLayout } from "../../src/agents/driver.js";
import { paintRandomMap } from "../../src/agents/tileset-map.js";
import { signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

interface AgentAnswer {
  id: string;
  credits: number;
  outputs: string[];
  tileset?: { layouts: string[]; maxTerrains: number; creditsPer16Tiles: number };
}

const gql = <T>(page: Page, query: string) =>
  page.evaluate(async (q) => {
    const answer = await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q }) });
    return ((await answer.json()) as { data: unknown }).data;
  }, query) as Promise<T>;

const balanceOf = async (page: Page) =>
  (await gql<{ viewer: { account: { balance: number } } }>(page, "{ viewer { account { balance } } }")).viewer.account.balance;

/** The newest generation's tileset layout, as GraphQL answers it. */
const newestLayout = async (page: Page): Promise<TilesetLayout> => {
  const answer = await gql<{ generations: { nodes: { assets: { tilesetLayout: Omit<TilesetLayout, "kind"> }[] }[] } }>(
    page,
    "{ generations(first: 1) { nodes { assets { tilesetLayout { layout tileWidth tileHeight columns rows terrains tiles { index x y corners edges mask terrain } } } } } }",
  );
  const layout = answer.generations.nodes[0]!.assets[0]!.tilesetLayout;
  return { kind: "tileset", ...layout, tiles: layout.tiles.map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== null))) } as TilesetLayout;
};

/** The sample map canvas, once painted: its seed and size, a fingerprint, distinct colours and transparent pixels. */
const readMap = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=tileset-map]")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    let transparent = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      hash = (Math.imul(hash, 31) + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13 + data[i + 3]! * 17) | 0;
      if (data[i + 3] === 0) transparent++;
      else colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return {
      seed: Number(canvas.dataset.seed),
      painted: canvas.dataset.painted,
      columns: Number(canvas.dataset.columns),
      rows: Number(canvas.dataset.rows),
      width: canvas.width,
      height: canvas.height,
      smoothing: canvas.getContext("2d")!.imageSmoothingEnabled,
      hash,
      transparent,
      colours: colours.size,
    };
  });

/**
 * For each cell (column, row, tile index or -1), whether the map canvas holds exactly that tile's
 * pixels cut from the sheet image (or, for -1, nothing at all).
 */
const cellsMatch = (page: Page, cells: { column: number; row: number; tile: { x: number; y: number } | null }[], tile: { width: number; height: number }) =>
  page.evaluate(
    async ({ cells, width, height }) => {
      const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=tileset-map]")!;
      const sheet = document.querySelector<HTMLImageElement>("[data-testid=tileset-view] [data-testid=sheet-image]")!;
      await sheet.decode();
      const scratch = document.createElement("canvas");
      scratch.width = width;
      scratch.height = height;
      const context = scratch.getContext("2d", { willReadFrequently: true })!;
      context.imageSmoothingEnabled = false;
      const got = canvas.getContext("2d")!;
      return cells.map(({ column, row, tile }) => {
        context.clearRect(0, 0, width, height);
        if (tile) context.drawImage(sheet, tile.x, tile.y, width, height, 0, 0, width, height);
        const want = context.getImageData(0, 0, width, height).data;
        const have = got.getImageData(column * width, row * height, width, height).data;
        return want.every((v, i) => v === have[i]);
      });
    },
    { cells, ...tile },
  );

describeOn("pglite", "tilesets in the web client", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench();
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("prices a grass + dirt blob-47 set, shows its sheet and a sample map painted from its tiles, and links its engine files", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "tileset@example.com");
    const { agents } = (await page.evaluate(() => fetch("/api/ai/agents").then((r) => r.json()))) as { agents: AgentAnswer[] };
    const texture = agents.find((a) => a.id === "texture")!;
    expect(texture.outputs).toContain("tileset");
    expect(texture.tileset?.layouts).toEqual(["wang-corner-16", "wang-edge-16", "blob-47"]);

    await page.getByLabel("Agent").selectOption("texture");
    await page.getByRole("group", { name: "Output" }).getByRole("radio", { name: "Tileset" }).check();
    expect(await page.getByText("Tile size", { exact: true }).count()).toBe(1);
    const layouts = page.getByRole("group", { name: "Layout" });
    expect(await layouts.getByRole("radio").count()).toBe(3);
    await layouts.getByRole("radio", { name: /^Blob 47/ }).check();
    expect(await layouts.getByRole("radio", { name: /^Blob 47/ }).getAttribute("aria-describedby")).toBe("gen-layout-blob-47");
    expect(await page.locator("#gen-layout-blob-47").textContent()).toContain("Godot's 3×3 minimal");
    await page.getByLabel("Terrain", { exact: true }).fill("grass");
    await page.getByLabel("Second terrain").fill("dirt");
    await page.getByLabel("Prompt").fill("lush meadow");

    // 48 tiles (47 masks and the dirt's fill tile): 3 × the agent's credits, before anything is charged
    const price = texture.credits * 3;
    const [tileWidth, tileHeight] = (await page.getByLabel("Tile size").inputValue()).split("x").map(Number) as [number, number];
    await expect.poll(() => page.locator("#gen-price").textContent()).toMatch(new RegExp(`^Costs ${price} credits? \\(48 tiles: `));
    expect(await page.getByTestId("tileset-summary").textContent()).toContain(`${7 * tileWidth} × ${7 * tileHeight} px, 48 tiles in a 7 × 7 grid`);
    const before = await balanceOf(page);

    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    const map = result.getByTestId("tileset-map");
    await map.waitFor({ timeout: 60_000 });
    expect(await balanceOf(page)).toBe(before - price);
    await expect.poll(() => page.getByTestId("generate-announcer").textContent()).toContain("a tileset of 48 tiles");

    // the sheet image is exactly the layout's grid of tiles, pixelated
    const layout = await newestLayout(page);
    expect([layout.layout, layout.tileWidth, layout.tileHeight, layout.terrains, layout.tiles.length]).toEqual([
      "blob-47",
      tileWidth,
      tileHeight,
      ["grass", "dirt"],
      48,
    ]);
    const sheetImage = result.getByTestId("tileset-view").getByTestId("sheet-image");
    await expect
      .poll(() => sheetImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([layout.columns * layout.tileWidth, layout.rows * layout.tileHeight]);
    expect(await sheetImage.evaluate((img) => getComputedStyle(img).imageRendering)).toBe("pixelated");
    expect(await map.evaluate((c) => getComputedStyle(c).imageRendering)).toBe("pixelated");

    // the sample map: 16 × 10 tiles at 1:1, painted, and every cell the tile the layout's rule puts there
    await expect.poll(async () => (await readMap(page)).painted).toBe("1");
    const first = await readMap(page);
    expect(first).toMatchObject({ columns: 16, rows: 10, width: 16 * tileWidth, height: 10 * tileHeight, smoothing: false, transparent: 0 });
    expect(first.colours).toBeGreaterThan(30);
    const cellsOf = (seed: number) => {
      const painted = paintRandomMap(layout, 16, 10, seed);
      return painted.cells.flatMap((row, j) =>
        row.map((index, i) => {
          const tile = layout.tiles.find((t) => t.index === index);
          return { column: i, row: j, index, tile: tile ? { x: tile.x, y: tile.y } : null };
        }),
      );
    };
    const cells = cellsOf(first.seed);
    expect(cells.every((c) => c.index >= 0)).toBe(true); // two terrains: no empty cell
    expect(new Set(cells.map((c) => c.index)).size).toBeGreaterThan(5); // edges and corners, not one fill
    expect(await cellsMatch(page, cells, { width: tileWidth, height: tileHeight })).toEqual(cells.map(() => true));
    // (the comparison tells maps apart: another seed's cells do not all match)
    expect((await cellsMatch(page, cellsOf(first.seed + 1), { width: tileWidth, height: tileHeight })).every(Boolean)).toBe(false);

    // "New map" paints another seed: other pixels, still each cell its tile
    await result.getByRole("button", { name: "New map" }).click();
    await expect.poll(async () => (await readMap(page)).painted).not.toBe("1");
    const second = await readMap(page);
    expect(second.seed).not.toBe(first.seed);
    expect(second.hash).not.toBe(first.hash);
    const again = cellsOf(second.seed);
    expect(await cellsMatch(page, again, { width: tileWidth, height: tileHeight })).toEqual(again.map(() => true));

    expect(await result.getByTestId("tileset-quality").textContent()).toMatch(/^\d+ colours · seam score \d+\.\d\d \(1\.0 = no visible seam/);

    // one link per export, each answering its file to the session cookie
    const links = result.getByTestId("exports").getByRole("link");
    expect(await links.allTextContents()).toEqual(["TexturePacker JSON", "Godot 4 .tres", "Tiled (.tsx + sample map, zip)", "ZIP (all)"]);
    const expected: Record<string, RegExp> = {
      texturepacker: /^application\/json/,
      godot: /^text\/plain/,
      tiled: /^application\/zip/,
      zip: /^application\/zip/,
    };
    const answers = await links.evaluateAll(async (anchors: HTMLAnchorElement[]) =>
      Promise.all(
        anchors.map(async (a) => {
          const r = await fetch(a.href);
          return {
            format: a.dataset.format,
            download: a.hasAttribute("download"),
            status: r.status,
            type: r.headers.get("content-type"),
            size: (await r.arrayBuffer()).byteLength,
          };
        }),
      ),
    );
    expect(answers.map((a) => a.format)).toEqual(["texturepacker", "godot", "tiled", "zip"]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ download: true, status: 200 });
      expect(answer.type).toMatch(expected[answer.format!]!);
      expect(answer.size).toBeGreaterThan(0);
    }

    // History shows the tile sheet, and opens it in the same view
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    const gallery = page.getByRole("list", { name: "Generations" });
    await gallery.getByTestId("tileset-thumb").waitFor();
    expect(await gallery.getByText(`tileset · blob-47 · ${tileWidth}×${tileHeight} tiles`).count()).toBe(1);
    await gallery.getByRole("button", { name: "Open tileset: lush meadow" }).click();
    const dialog = page.getByTestId("sheet-dialog");
    await dialog.getByTestId("tileset-map").waitFor();
    expect(await dialog.getByTestId("exports").getByRole("link").count()).toBe(4);
    expect(await dialog.getByTestId("tileset-quality").count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // "Edit" brings the tileset's settings back to the form
    await gallery.getByRole("button", { name: "Edit settings: lush meadow" }).click();
    expect(await page.getByRole("radio", { name: "Tileset" }).isChecked()).toBe(true);
    expect(
      await page
        .getByRole("group", { name: "Layout" })
        .getByRole("radio", { name: /^Blob 47/ })
        .isChecked(),
    ).toBe(true);
    expect(await page.getByLabel("Terrain", { exact: true }).inputValue()).toBe("grass");
    expect(await page.getByLabel("Second terrain").inputValue()).toBe("dirt");
    expect(bench.problems).toEqual([]);
    await context.close();
  });

  it("offers no tileset for pixel-sprite, names the surfaces it knows for an unknown terrain, and paints a one-terrain set against transparency", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "tileset-one@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    expect(await page.getByRole("radio", { name: "Sprite sheet" }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Tileset" }).count()).toBe(0);

    await page.getByLabel("Agent").selectOption("texture");
    await page.getByRole("radio", { name: "Tileset" }).check();
    expect(await page.getByTestId("tileset-fields").count()).toBe(1);
    // switching to an agent without tilesets goes back to one image
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    expect(await page.getByTestId("tileset-fields").count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Image" }).isChecked()).toBe(true);
    await page.getByLabel("Agent").selectOption("texture");
    await page.getByRole("radio", { name: "Tileset" }).check();

    // a terrain the agent has no surface for: the dry run's refusal, with the surfaces it knows to click
    await page.getByLabel("Prompt").fill("stone ledge");
    await page.getByLabel("Terrain", { exact: true }).fill("marshmallow");
    await page.getByLabel("Second terrain").fill("");
    const refusal = page.getByTestId("terrain-refusal");
    await refusal.waitFor();
    expect(await refusal.getByRole("alert").textContent()).toMatch(/tileset\.terrains: .*"marshmallow".*such as .*stone/);
    expect(await page.getByLabel("Terrain", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await refusal.getByRole("group", { name: "Surfaces it knows" }).getByRole("button", { name: "stone", exact: true }).click();
    expect(await page.getByLabel("Terrain", { exact: true }).inputValue()).toBe("stone");
    await expect.poll(() => refusal.count()).toBe(0);

    // one terrain, corner 16: 16 tiles, the agent's price once
    const { agents } = (await page.evaluate(() => fetch("/api/ai/agents").then((r) => r.json()))) as { agents: AgentAnswer[] };
    const credits = agents.find((a) => a.id === "texture")!.credits;
    await expect.poll(() => page.locator("#gen-price").textContent()).toMatch(new RegExp(`^Costs ${credits} credits? \\(16 tiles: `));
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    await result.getByTestId("tileset-map").waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await readMap(page)).painted).toBe("1");
    const map = await readMap(page);
    const layout = await newestLayout(page);
    expect(layout.terrains).toEqual(["stone"]);
    // the background is transparency: empty corners show through, the stone is opaque
    expect(map.transparent).toBeGreaterThan(0);
    expect(map.transparent).toBeLessThan(map.width * map.height);
    expect(map.colours).toBeGreaterThan(5);
    const painted = paintRandomMap(layout, 16, 10, map.seed);
    const cells = painted.cells.flatMap((row, j) =>
      row.map((index, i) => {
        const tile = layout.tiles.find((t) => t.index === index);
        return { column: i, row: j, tile: tile ? { x: tile.x, y: tile.y } : null };
      }),
    );
    expect(await cellsMatch(page, cells, { width: layout.tileWidth, height: layout.tileHeight })).toEqual(cells.map(() => true));
    expect(await result.getByTestId("exports").getByRole("link").allTextContents()).toContain("Tiled (.tsx + sample map, zip)");
    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
