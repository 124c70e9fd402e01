import { afterAll, describe, expect, it } from "vitest";
import { degrade, readSheet, score } from "../../../test/support/pixel-degrade.js";
import type { AgentContext, AgentImageInput } from "../driver.js";
import { closeFinishPool, configureFinishPool } from "../pipeline/finish-pool.js";
import { decodeImage, encodePng, type RgbaImage } from "../pipeline/rgba.js";
import { builtInAgents } from "./agents.js";
import { imageDrivers } from "./image-drivers.js";

const ctx: AgentContext = { signal: new AbortController().signal, deadline: Date.now() + 60_000, report: async () => {} };

async function input(image: RgbaImage): Promise<AgentImageInput> {
  return { assetId: "ast_test", width: image.width, height: image.height, rgba: image.data, png: await encodePng(image) };
}

const driver = (name: string) => imageDrivers.find((k) => k.name === name)!.create({}, { secret: () => undefined, fetch, log: () => {} } as never);
const job = { width: 0, height: 0, transparent: false, seed: 1, options: {} };

describe("the pixel-fixer and cutout agents", () => {
  afterAll(() => closeFinishPool());

  it("are built in at 1 credit, take images and need no prompt", () => {
    for (const id of ["pixel-fixer", "cutout"]) expect(builtInAgents.find((a) => a.id === id)).toMatchObject({ credits: 1, supportsTransparent: true });
    for (const kind of imageDrivers) expect(kind.create({}, {} as never).images).toMatchObject({ promptOptional: true, sizeFromImage: true });
    expect(driver("procedural-fixer").images?.refusal?.({ width: 0, height: 0 })).toMatch(/image/);
  });

  it("pixel-fixer: the art at its detected size, with what it detected (in a worker thread)", async () => {
    configureFinishPool(1);
    const [sprite] = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
    const degraded = await degrade(sprite!, 1000);
    const result = await driver("procedural-fixer").generate({ ...job, image: await input(degraded.image) }, ctx);
    const [image] = result.images;
    expect([image?.width, image?.height]).toEqual([32, 32]);
    expect(image?.detected).toMatchObject({ width: 32, height: 32 });
    expect(image?.detected?.confidence).toBeGreaterThan(0.3);
    expect(image?.quality).toBeDefined();
    const fixed = await decodeImage(image!.png);
    expect(score(fixed, degraded.truth).colours).toBeGreaterThan(0.8);
  });

  it("pixel-fixer: an asked size, the asked palette, transparent", async () => {
    configureFinishPool(0);
    const [sprite] = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
    const degraded = await degrade(sprite!, 1000);
    const palette = { colors: ["#000000", "#ffffff", "#3a7d44", "#8b5a2b", "#c0c0c0"] };
    const result = await driver("procedural-fixer").generate(
      { ...job, width: 32, height: 32, transparent: true, palette, image: await input(degraded.image) },
      ctx,
    );
    const [image] = result.images;
    expect([image?.width, image?.height]).toEqual([32, 32]);
    expect(image?.quality).toMatchObject({ paletteCompliance: 1 });
    const art = await decodeImage(image!.png);
    expect(art.data.readUInt32LE(0)).toBe(0);
  });

  it("cutout: the picture's size, its background at alpha 0", async () => {
    configureFinishPool(0);
    const [sprite] = await readSheet("test/fixtures/pixel-art/crawl-sprites.png");
    const degraded = await degrade(sprite!, 1001);
    const result = await driver("procedural-cutout").generate({ ...job, image: await input(degraded.image) }, ctx);
    const [image] = result.images;
    expect([image?.width, image?.height]).toEqual([degraded.image.width, degraded.image.height]);
    const cut = await decodeImage(image!.png);
    expect(cut.data.readUInt32LE(0)).toBe(0);
    let opaque = 0;
    for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i] === 255) opaque++;
    expect(opaque).toBeGreaterThan(cut.width * cut.height * 0.2);
  });

  it("refuses a job without a picture", async () => {
    await expect(driver("procedural-cutout").generate({ ...job, prompt: "x" }, ctx)).rejects.toMatchObject({ kind: "rejected" });
  });
});
