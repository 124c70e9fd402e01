import { describe, expect, it } from "vitest";
import { generators, interpretPrompt } from "./index.js";
import { alphaAt, countAlpha, decode, run } from "../../../test/support/drawing.js";

const CASES = [
  { kind: "pixel-sprite", sizes: [16, 32, 48, 64, 128], transparent: true, prompt: "red dragon" },
  { kind: "icon", sizes: [64, 128, 256, 512], transparent: true, prompt: "red health potion" },
  { kind: "texture", sizes: [64, 128, 256, 512], transparent: false, prompt: "mossy stone brick" },
] as const;

describe("generators registry", () => {
  it("exposes the three kinds, keyed by kind", () => {
    expect([...generators.keys()].sort()).toEqual(["icon", "pixel-sprite", "texture"]);
    for (const [kind, generator] of generators) expect(generator.kind).toBe(kind);
  });
});

describe.each(CASES.filter((c) => c.transparent))("$kind transparency", ({ kind, sizes, prompt }) => {
  it.each(sizes)("keeps the background transparent and the subject opaque at %i px", async (size) => {
    const { image } = await run(kind, prompt, { size, transparent: true });
    for (const [x, y] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
      [size - 1, size - 1],
    ] as const)
      expect(alphaAt(image, x, y)).toBe(0);
    const opaque = countAlpha(image, (a) => a === 255) / (size * size);
    expect(opaque).toBeGreaterThan(0.15);
    expect(countAlpha(image, (a) => a === 0)).toBeGreaterThan(0);
  });
});

describe.each(CASES)("$kind generator contract", ({ kind, sizes, transparent, prompt }) => {
  it.each(sizes)("renders a %i px PNG of the requested size, fully opaque when not transparent", async (size) => {
    const { image, png } = await run(kind, prompt, { size });
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(image.width).toBe(size);
    expect(image.height).toBe(size);
    expect(countAlpha(image, (a) => a !== 255)).toBe(0);
  });

  it("ignores or honours transparent consistently (textures stay opaque)", async () => {
    const { image } = await run(kind, prompt, { transparent: true });
    if (kind === "texture") expect(countAlpha(image, (a) => a !== 255)).toBe(0);
    else expect(alphaAt(image, 0, 0)).toBe(0);
  });

  it("is deterministic for a seed and changes with another seed", async () => {
    const a = await run(kind, prompt, { seed: 42 });
    const b = await run(kind, prompt, { seed: 42 });
    const c = await run(kind, prompt, { seed: 43 });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
    let changed = 0;
    for (let i = 0; i < a.image.data.length; i += 4) if (a.image.data.readUInt32BE(i) !== c.image.data.readUInt32BE(i)) changed++;
    expect(changed / (a.image.width * a.image.height)).toBeGreaterThan(0.02);
  });

  it("reports non-decreasing progress ending at 100, with a small preview", async () => {
    const { progress } = await run(kind, prompt, { size: sizes[sizes.length - 1] });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const percents = progress.map((p) => p.percent);
    expect([...percents].sort((x, y) => x - y)).toEqual(percents);
    expect(percents.at(-1)).toBe(100);
    for (const p of progress) expect(p.stage).toMatch(/\w/);
    const preview = progress.find((p) => p.preview)?.preview;
    expect(preview).toBeDefined();
    if (!preview) return;
    expect(Math.max(preview.width, preview.height)).toBeLessThanOrEqual(32);
    expect(decode(preview.png).width).toBe(preview.width);
  });

  it("produces a sensible asset for empty and nonsense prompts", async () => {
    for (const text of ["", "qwfp zxcv", "🐉 ??? 42"]) {
      const { image } = await run(kind, text, { transparent });
      expect(countAlpha(image, (a) => a === 255)).toBeGreaterThan(image.width * image.height * 0.15);
    }
  });

  it("rejects with an AbortError when aborted before or during generation", async () => {
    const generator = generators.get(kind);
    if (!generator) throw new Error("missing generator");
    const input = { spec: interpretPrompt({ prompt }), width: sizes[0], height: sizes[0], transparent: false, seed: 1 };
    const before = new AbortController();
    before.abort();
    await expect(generator.generate(input, () => {}, before.signal)).rejects.toMatchObject({ name: "AbortError" });
    const during = new AbortController();
    const seen: number[] = [];
    const onProgress = async (p: { percent: number }): Promise<void> => {
      seen.push(p.percent);
      await Promise.resolve();
      if (p.percent > 0) during.abort();
    };
    await expect(generator.generate(input, onProgress, during.signal)).rejects.toMatchObject({ name: "AbortError" });
    expect(seen.at(-1)).toBeLessThan(100);
  });
});
