// Sprite sheets in the web client, in a real browser: the form offers "Sprite sheet" only for an
// agent that draws them, prices the sheet before anything is charged, and the result plays the
// sheet on a canvas (cell by cell, unsmoothed), switches animation and direction, shows the whole
// PNG, and links each engine file. The frames themselves are not looked at (they will change):
// what is asserted is that the canvas shows exactly the layout's cell it says it shows.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

interface Layout {
  frameWidth: number;
  frameHeight: number;
  columns: number;
  rows: number;
  animations: { name: string; direction: string; row: number; frames: number; fps: number; loop: boolean }[];
}

const gql = <T>(page: Page, query: string) =>
  page.evaluate(async (q) => {
    const answer = await fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: q }) });
    return ((await answer.json()) as { data: unknown }).data;
  }, query) as Promise<T>;

const balanceOf = async (page: Page) =>
  (await gql<{ viewer: { account: { balance: number } } }>(page, "{ viewer { account { balance } } }")).viewer.account.balance;

/** A fingerprint of the player canvas's pixels. */
const canvasPixels = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=sheet-canvas]")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let i = 0; i < data.length; i++) hash = (Math.imul(hash, 31) + data[i]!) | 0;
    return hash;
  });

/**
 * Whether the canvas shows exactly the cell its data-row / data-frame name, cut from the sheet
 * image (the PNG the page loaded) and scaled by data-zoom without smoothing.
 */
const showsItsCell = (page: Page, frame: { width: number; height: number }) =>
  page.evaluate(async ({ width, height }) => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=sheet-canvas]")!;
    const sheet = document.querySelector<HTMLImageElement>("[data-testid=sheet-image]")!;
    await sheet.decode();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const [row, column, zoom] = [Number(canvas.dataset.row), Number(canvas.dataset.frame), Number(canvas.dataset.zoom)];
    const expected = document.createElement("canvas");
    expected.width = canvas.width;
    expected.height = canvas.height;
    const context = expected.getContext("2d")!;
    context.imageSmoothingEnabled = false;
    context.drawImage(sheet, column * width, row * height, width, height, 0, 0, width * zoom, height * zoom);
    const want = context.getImageData(0, 0, expected.width, expected.height).data;
    const got = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    const opaque = want.some((v, i) => i % 4 === 3 && v > 0);
    return { row, column, zoom, same: opaque && want.length === got.length && want.every((v, i) => v === got[i]) };
  }, frame);

describeOn("pglite", "sprite sheets in the web client", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench();
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("prices a walk + attack sheet in 4 directions, plays it, switches rows, shows the sheet and links its engine files", { timeout: 90_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "sheet-player@example.com");
    const agents = await page.evaluate(() => fetch("/api/ai/agents").then((r) => r.json()));
    const sprite = (
      agents as { agents: { id: string; outputs: string[]; sheet?: { framesPerAnimation: Record<string, number>; creditsPer8Frames: number } }[] }
    ).agents.find((a) => a.id === "pixel-sprite")!;
    expect(sprite.outputs).toContain("sheet");
    const offer = sprite.sheet!;

    // The icon agent draws no sheets: no output choice at all.
    const output = page.getByRole("group", { name: "Output" });
    await page.getByLabel("Agent").selectOption("icon");
    expect(await page.getByRole("radio", { name: "Sprite sheet" }).count()).toBe(0);
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    await output.getByRole("radio", { name: "Sprite sheet" }).check();
    expect(await page.getByText("Frame size", { exact: true }).count()).toBe(1);

    // Each animation shows its frames; pick walk + attack, 4 directions.
    const animations = page.getByRole("group", { name: "Animations" });
    for (const [name, frames] of Object.entries(offer.framesPerAnimation)) {
      const label = name.charAt(0).toUpperCase() + name.slice(1);
      expect(await animations.locator("label", { has: page.getByRole("checkbox", { name: new RegExp(`^${label}`) }) }).textContent()).toContain(
        `${frames} frame`,
      );
    }
    await animations.getByRole("checkbox", { name: /^Attack/ }).check();
    await animations.getByRole("checkbox", { name: /^Idle/ }).uncheck();
    expect(await animations.getByRole("checkbox", { name: /^Walk/ }).isChecked()).toBe(true);
    await page.getByRole("group", { name: "Directions" }).getByRole("radio", { name: "4" }).check();
    await page.getByLabel("Prompt").fill("red knight with a sword");

    const frames = (offer.framesPerAnimation.walk! + offer.framesPerAnimation.attack!) * 4;
    const price = offer.creditsPer8Frames * Math.ceil(frames / 8);
    const frameSize = (await page.getByLabel("Frame size").inputValue()).split("x").map(Number) as [number, number];
    const columns = Math.max(offer.framesPerAnimation.walk!, offer.framesPerAnimation.attack!);
    // the price before generating is the sheet's (the dry run's, once it answered), and so are its size and frames
    await expect.poll(() => page.locator("#gen-price").textContent()).toMatch(new RegExp(`^Costs ${price} credits \\(${frames} frames`));
    expect(await page.getByTestId("sheet-summary").textContent()).toContain(`${columns * frameSize[0]} × ${8 * frameSize[1]} px, ${frames} frames in 8 rows`);
    const before = await balanceOf(page);

    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    const canvas = result.getByTestId("sheet-canvas");
    await canvas.waitFor({ timeout: 30_000 });
    expect(await balanceOf(page)).toBe(before - price);
    await expect.poll(() => page.getByTestId("generate-announcer").textContent()).toContain(`a sprite sheet of ${frames} frames`);

    // the layout the asset carries: the sheet image is exactly columns × rows cells
    const generations = await gql<{ generations: { nodes: { assets: { layout: Layout; exports: { format: string; url: string }[] }[] }[] } }>(
      page,
      "{ generations(first: 1) { nodes { assets { layout { frameWidth frameHeight columns rows animations { name direction row frames fps loop } } exports { format url } } } } }",
    );
    const layout = generations.generations.nodes[0]!.assets[0]!.layout;
    expect([layout.frameWidth, layout.frameHeight]).toEqual(frameSize);
    expect(layout.animations.map((r) => `${r.name}/${r.direction}`)).toEqual([
      "walk/south",
      "walk/east",
      "walk/north",
      "walk/west",
      "attack/south",
      "attack/east",
      "attack/north",
      "attack/west",
    ]);
    const sheetImage = result.getByTestId("sheet-image");
    await expect
      .poll(() => sheetImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([layout.columns * layout.frameWidth, layout.rows * layout.frameHeight]);
    expect(await sheetImage.evaluate((img) => getComputedStyle(img).imageRendering)).toBe("pixelated");

    // the canvas: a whole zoom, unsmoothed, and its pixels move while it plays
    const zoom = Number(await canvas.getAttribute("data-zoom"));
    expect(Number.isInteger(zoom) && zoom >= 1 && zoom <= 8).toBe(true);
    expect([await canvas.getAttribute("width"), await canvas.getAttribute("height")]).toEqual([
      String(layout.frameWidth * zoom),
      String(layout.frameHeight * zoom),
    ]);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.getContext("2d")!.imageSmoothingEnabled)).toBe(false);
    const seen = new Set<number>();
    const frameNumbers = new Set<string>();
    for (let i = 0; i < 16; i++) {
      seen.add(await canvasPixels(page));
      frameNumbers.add((await canvas.getAttribute("data-frame")) ?? "");
      await page.waitForTimeout(70);
    }
    expect(frameNumbers.size).toBeGreaterThan(1);
    expect(seen.size).toBeGreaterThan(1);

    // pause holds the frame; what is drawn is the cell the player says
    const play = result.getByTestId("sheet-play");
    await play.click();
    expect(await play.textContent()).toBe("Play");
    const held = await canvasPixels(page);
    await page.waitForTimeout(400);
    expect(await canvasPixels(page)).toBe(held);
    const walkSouth = await showsItsCell(page, { width: layout.frameWidth, height: layout.frameHeight });
    expect(walkSouth).toMatchObject({ row: 0, same: true });

    // another animation, then another direction: another row of the sheet, drawn cell for cell
    const rowOf = (name: string, direction: string) => layout.animations.find((r) => r.name === name && r.direction === direction)!.row;
    await result.getByRole("group", { name: "Animation" }).getByRole("button", { name: "Attack" }).click();
    expect(await result.getByRole("group", { name: "Animation" }).getByRole("button", { name: "Attack" }).getAttribute("aria-pressed")).toBe("true");
    await play.click(); // choosing plays it: pause to look at one frame
    await expect
      .poll(() => showsItsCell(page, { width: layout.frameWidth, height: layout.frameHeight }))
      .toMatchObject({ row: rowOf("attack", "south"), same: true });
    await result.getByRole("group", { name: "Direction" }).getByRole("button", { name: "North" }).click();
    await play.click();
    await expect
      .poll(() => showsItsCell(page, { width: layout.frameWidth, height: layout.frameHeight }))
      .toMatchObject({ row: rowOf("attack", "north"), same: true });
    expect(await result.getByTestId("sheet-quality").textContent()).toMatch(/^\d+ colours · baseline jitter \d+ px · height range \d+ px/);

    // one link per export, each answering its file to the session cookie
    const links = result.getByTestId("exports").getByRole("link");
    expect(await links.allTextContents()).toEqual(["Aseprite JSON", "TexturePacker JSON", "Godot 4 .tres", "ZIP (all)"]);
    const expected: Record<string, RegExp> = {
      aseprite: /^application\/json/,
      texturepacker: /^application\/json/,
      godot: /^text\/plain/,
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
            disposition: r.headers.get("content-disposition"),
            size: (await r.arrayBuffer()).byteLength,
          };
        }),
      ),
    );
    expect(answers.map((a) => a.format)).toEqual(["aseprite", "texturepacker", "godot", "zip"]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ download: true, status: 200 });
      expect(answer.type).toMatch(expected[answer.format!]!);
      expect(answer.disposition).toMatch(/^attachment/);
      expect(answer.size).toBeGreaterThan(0);
    }

    // History shows the sheet's first frame, and opens it in the same player
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    const gallery = page.getByRole("list", { name: "Generations" });
    await gallery.getByTestId("sheet-thumb").waitFor();
    await gallery.getByRole("button", { name: "Play sheet: red knight with a sword" }).click();
    const dialog = page.getByTestId("sheet-dialog");
    await dialog.getByTestId("sheet-canvas").waitFor();
    expect(await dialog.getByTestId("exports").getByRole("link").count()).toBe(4);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // "Edit" brings the sheet's settings back to the form
    await gallery.getByRole("button", { name: "Edit settings: red knight with a sword" }).click();
    expect(await page.getByRole("radio", { name: "Sprite sheet" }).isChecked()).toBe(true);
    expect(await animations.getByRole("checkbox", { name: /^Idle/ }).isChecked()).toBe(false);
    expect(await animations.getByRole("checkbox", { name: /^Attack/ }).isChecked()).toBe(true);
    expect(bench.problems).toEqual([]);
    await context.close();
  });

  it("offers no sheet for the icon agent, and an image's engine files are TexturePacker and the zip", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "sheet-icon@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    await page.getByRole("radio", { name: "Sprite sheet" }).check();
    expect(await page.getByTestId("sheet-fields").count()).toBe(1);
    // switching to an agent without sheets goes back to one image
    await page.getByLabel("Agent").selectOption("icon");
    expect(await page.getByRole("group", { name: "Output" }).count()).toBe(0);
    expect(await page.getByTestId("sheet-fields").count()).toBe(0);
    expect(await page.getByText("Size", { exact: true }).count()).toBe(1);
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    expect(await page.getByRole("radio", { name: "Image" }).isChecked()).toBe(true);

    await page.getByLabel("Agent").selectOption("icon");
    await page.getByLabel("Prompt").fill("golden key");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const result = page.getByRole("region", { name: "Result" });
    const links = result.getByTestId("exports").getByRole("link");
    await links.first().waitFor({ timeout: 30_000 });
    expect(await links.allTextContents()).toEqual(["TexturePacker JSON", "ZIP (all)"]);
    expect(await result.getByTestId("sheet-canvas").count()).toBe(0);
    const statuses = await links.evaluateAll((anchors: HTMLAnchorElement[]) => Promise.all(anchors.map((a) => fetch(a.href).then((r) => r.status))));
    expect(statuses).toEqual([200, 200]);
    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
