// The Generate form's Picture field in a real browser (contract section 14): a blurred, re-compressed 6× upscale
// of a 16 × 16 sprite chosen as a file with the pixel-fixer agent is uploaded (POST /api/v1/uploads) and sent as
// `image` with no prompt; the result is the art at its true 16 × 16. The same upload picked from "Your pictures"
// works too; pixel-sprite refuses a picture for one image (400 naming `image`, shown on the field); History's
// "Edit" brings the picture back into the form.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOn } from "../support/needs.js";
import { signUp, startWebBench, type WebBench } from "./browser.js";
import { tinyArt } from "../support/tiny-art.js";

/** The art upscaled 6× (96 × 96), blurred and saved as a JPEG: what a model or a resize makes of pixel art. */
const blurry = () =>
  sharp(tinyArt(), { raw: { width: 16, height: 16, channels: 3 } })
    .resize(96, 96, { kernel: "nearest" })
    .blur(0.8)
    .jpeg({ quality: 80 })
    .toBuffer();

type Gen = {
  status: string;
  agentId: string;
  prompt: string | null;
  image: string | null;
  credits: { charged: number };
  assets: { id: string; width: number }[];
};
const latest = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ generations(first: 20) { nodes { status agentId prompt image credits { charged } assets { id width } } } }" }),
    });
    return ((await answer.json()) as { data: { generations: { nodes: Gen[] } } }).data.generations.nodes;
  });

/** Clicks Generate and resolves to the new result's picture's natural size, once it shows and decoded. */
async function generateAndMeasure(page: Page): Promise<[number, number]> {
  const before = (await latest(page)).length;
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect.poll(async () => (await latest(page)).length).toBe(before + 1);
  await expect.poll(async () => (await latest(page))[0]!.status, { timeout: 30_000 }).toBe("succeeded");
  const id = (await latest(page))[0]!.assets[0]!.id;
  const image = page.getByRole("region", { name: "Result" }).locator(`img[src*="${id}"]`);
  await image.waitFor({ timeout: 30_000 });
  expect(await image.getAttribute("alt")).toBe("Your picture");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight] as [number, number]);
}

describeOn("pglite", "the Generate form's Picture", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench({ RATE_LIMIT_GENERATE_PER_MINUTE: "1000" });
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("pixel-fixer: a chosen blurry upscale, no prompt, comes back at its true 16 × 16; the upload is picked again from Your pictures", {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "picture@example.com");
    await page.getByLabel("Agent").selectOption("pixel-fixer");
    await page.getByTestId("picture-dropzone").waitFor();
    expect(await page.getByLabel("Prompt").inputValue()).toBe("");

    // (a) a file chosen in the field: uploaded, shown as a thumbnail, the size at Auto
    await page.locator('input[type="file"][aria-label="Picture file"]').setInputFiles({ name: "hero.jpg", mimeType: "image/jpeg", buffer: await blurry() });
    const thumb = page.getByRole("img", { name: "Picture: hero", exact: true });
    await thumb.waitFor();
    expect(await page.getByRole("group", { name: "Picture" }).textContent()).toContain("hero · 96×96");
    expect(await page.getByLabel("Size").inputValue()).toBe("");

    expect(await generateAndMeasure(page)).toEqual([16, 16]);
    const [fixed, upload] = await latest(page);
    expect(upload).toMatchObject({ agentId: "upload", prompt: "hero", credits: { charged: 0 } });
    expect(fixed).toMatchObject({ agentId: "pixel-fixer", prompt: null, image: upload!.assets[0]!.id, credits: { charged: 1 } });
    expect(fixed!.assets[0]!.width).toBe(16);

    // (b) cleared, then the same upload picked from the person's pictures
    await page.getByRole("button", { name: "Clear the picture" }).click();
    await thumb.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Your pictures…" }).click();
    const grid = page.getByRole("list", { name: "Your pictures" });
    await grid.getByRole("button", { name: "Use hero (96×96)" }).click();
    await thumb.waitFor();
    expect(await generateAndMeasure(page)).toEqual([16, 16]);
    const again = (await latest(page))[0]!;
    expect(again).toMatchObject({ agentId: "pixel-fixer", prompt: null, image: upload!.assets[0]!.id });

    // pixel-sprite takes a picture only for a sheet: the field says so, and the service's refusal names `image`
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    const field = page.getByRole("group", { name: "Picture" });
    expect(await field.textContent()).toContain("choose the sprite sheet output");
    await page.getByLabel("Prompt").fill("knight");
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    const refusal = field.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/animates a given sprite as a sheet/);
    expect((await latest(page)).length).toBe(3);

    // History's Edit brings the picture (and no prompt) back into the form; Generate runs it again
    await page.getByRole("link", { name: "History", exact: true }).click();
    await page.getByRole("list", { name: "Generations" }).getByRole("button", { name: "Edit settings: Your picture (pixel-fixer)" }).first().click();
    await page.getByRole("img", { name: "Picture: Your picture", exact: true }).waitFor();
    expect(await page.getByLabel("Agent").inputValue()).toBe("pixel-fixer");
    expect(await page.getByLabel("Prompt").inputValue()).toBe("");
    expect(await generateAndMeasure(page)).toEqual([16, 16]);
    expect((await latest(page))[0]).toMatchObject({ agentId: "pixel-fixer", image: upload!.assets[0]!.id });

    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
