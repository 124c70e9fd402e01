// The Kit screen in a real browser: three items (a fourth added and removed), a project, a seed and the map's size, the price
// from a dry run before anything is charged, Generate (the kit starts at once, 202, and its items' progress comes from the
// kit's events until it is done), and the result scrolled into view with its atlas page and a live scene (the tile set as a
// map of the size asked, the character walking on it) whose pixels are drawn and move between two frames.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repo, signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

/** The scene canvas: its frame counter, a fingerprint of its pixels and how many are not the background. */
const readScene = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>("[data-testid=kit-scene]")!;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    let drawn = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      hash = (Math.imul(hash, 31) + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13) | 0;
      const colour = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      if (colour !== 0x1b1f2a) drawn++;
      colours.add(colour);
    }
    return { frame: Number(canvas.dataset.frame), hash, drawn, pixels: data.length / 4, colours: colours.size };
  });

describeOn("pglite", "the Kit screen", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench();
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("prices three items, generates them, and shows the atlas and the kit at work in a canvas", { timeout: 120_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "kit@example.com");
    // a project, made before the screen opens (the picker lists it)
    const project = (await page.evaluate(() =>
      fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: 'mutation { createProject(input: { name: "meadow game" }) { id } }' }),
      }).then((r) => r.json()),
    )) as { data: { createProject: { id: string } } };
    const projectId = project.data.createProject.id;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Kit" }).click();
    await page.getByRole("heading", { name: "Kit", level: 1 }).waitFor();

    await page.getByLabel("Item 1 kind").selectOption("sheet");
    await page.getByLabel("Item 1 prompt").fill("knight with a sword");
    await page.getByLabel("Item 2 kind").selectOption("tileset");
    await page.getByLabel("Item 2 prompt").fill("grass and dirt");
    // a third item stays, a fourth is added and removed again
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Item 3 kind").selectOption("icon");
    await page.getByLabel("Item 3 prompt").fill("red health potion");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Item 4 prompt").fill("green slime");
    await page.getByRole("button", { name: "Remove item 4" }).click();
    expect(await page.getByTestId("kit-row").count()).toBe(3);
    await page.getByLabel("Pixel scale").selectOption("32");
    // a project (made beforehand), a seed and a 10 × 6-tile map
    await expect.poll(() => page.locator("#kit-project option").count()).toBeGreaterThan(1);
    const form = page.getByRole("form", { name: "Kit settings" });
    await form.getByLabel("Project").selectOption(projectId);
    await form.getByLabel("Seed").fill("42");
    await form.getByLabel("Map width (tiles)").fill("10");
    await form.getByLabel("Map height (tiles)").fill("6");

    // the price the service's own dry run gives, before anything is charged
    const dry = (await page.evaluate(() =>
      fetch("/api/ai/kits", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scale: 32,
          transparent: true,
          palette: "endesga-32",
          dryRun: true,
          seed: 42,
          items: [
            { prompt: "knight with a sword", agentId: "pixel-sprite", sheet: { animations: ["idle", "walk"], directions: 4 } },
            { prompt: "grass and dirt", agentId: "texture", tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } },
            { prompt: "red health potion", agentId: "icon" },
          ],
        }),
      }).then((r) => r.json()),
    )) as { credits: { price: number; balance: number } };
    expect(dry.credits.price).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("kit-price").textContent())
      .toMatch(new RegExp(`^Costs ${dry.credits.price} credits? · balance ${dry.credits.balance}`));

    // the progress card, seen while the kit runs (recorded by an observer: a fast kit shows it briefly)
    await page.evaluate(() => {
      const seen = () => document.querySelector("[data-testid=kit-progress]") && ((window as unknown as { kitProgressSeen: boolean }).kitProgressSeen = true);
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    });
    const started = page.waitForResponse(
      (r) => r.url().endsWith("/api/ai/kits") && r.request().method() === "POST" && !r.request().postData()?.includes("dryRun"),
    );
    await page.getByRole("button", { name: "Generate kit" }).click();
    const accepted = await started;
    expect(accepted.status()).toBe(202);
    expect(accepted.request().headers().prefer).toBe("respond-async");
    const kitId = ((await accepted.json()) as { id: string }).id;
    const result = page.getByTestId("kit-result");
    await result.waitFor({ timeout: 60_000 }); // slow on a busy machine
    expect(await page.evaluate(() => (window as unknown as { kitProgressSeen?: boolean }).kitProgressSeen)).toBe(true);
    expect(await page.getByTestId("kit-progress").count()).toBe(0);
    const stored = (await page.evaluate((id) => fetch(`/api/v1/kits/${id}`).then((r) => r.json()), kitId)) as { status: string; projectId?: string };
    expect(stored).toMatchObject({ status: "succeeded", projectId });
    expect(await page.getByTestId("balance").textContent()).toBe(`${dry.credits.balance - dry.credits.price} credits`);
    // scrolled into view
    await expect.poll(() => result.evaluate((e) => e.getBoundingClientRect().top < innerHeight && e.getBoundingClientRect().bottom > 0)).toBe(true);

    const atlas = page.getByTestId("kit-atlas").first();
    await expect.poll(() => atlas.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId("kit-items").getByRole("listitem").count()).toBe(3);
    expect(
      await page
        .getByTestId("kit-exports")
        .locator("a[data-format]")
        .evaluateAll((links) => links.map((a) => a.dataset.format).sort()),
    ).toEqual(expect.arrayContaining(["godot", "phaser", "zip"]));

    // the scene: the map of the size asked, mostly tiles, and the walker moves between two frames
    expect(await page.getByTestId("kit-scene").evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([10 * 32, 6 * 32]);
    await expect.poll(async () => (await readScene(page)).drawn).toBeGreaterThan(0);
    const first = await readScene(page);
    expect(first.drawn / first.pixels).toBeGreaterThan(0.9);
    expect(first.colours).toBeGreaterThan(4);
    await expect.poll(async () => (await readScene(page)).frame).toBeGreaterThan(first.frame + 10);
    const second = await readScene(page);
    expect(second.hash).not.toBe(first.hash);

    // SCREENSHOTS=1 npx vitest run test/browser/kit.test.ts: docs/screenshots/kit.png
    if (process.env.SCREENSHOTS) {
      await mkdir(join(repo, "docs/screenshots"), { recursive: true });
      await page.getByRole("heading", { name: "Kit", level: 1 }).scrollIntoViewIfNeeded();
      const png = await page.screenshot({ fullPage: true });
      await sharp(png).png({ palette: true, colours: 256, dither: 0.6, effort: 10, compressionLevel: 9 }).toFile(join(repo, "docs/screenshots/kit.png"));
    }
    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
