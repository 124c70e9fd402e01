import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { AssetQualityReport, SheetRequest, TilesetRequest } from "../driver.js";
import { NAMED_PALETTES } from "../palette/named.js";
import { type DrawTask, draw } from "./draw-task.js";

/**
 * Every procedural agent draws onto an asked palette (contract section 12): each pixel with
 * alpha > 0 of the PNG is exactly one of its colours, and the `quality` it reports says so and
 * agrees with what is measured here on the decoded PNG.
 */

const PALETTES = { "pico-8": NAMED_PALETTES["pico-8"], gameboy: NAMED_PALETTES.gameboy };
const CUSTOM = ["#1b1b2f", "#e43f5a", "#f6f5f0"];

// The smallest sizes keep the suite fast; each agent's drawing code is the same at every size.
const AGENTS: { generator: DrawTask["generator"]; size: number; transparent: boolean[]; prompts: string[] }[] = [
  { generator: "pixel-sprite", size: 64, transparent: [true, false], prompts: ["knight with a sword", "green slime", "treasure chest"] },
  { generator: "icon", size: 64, transparent: [true, false], prompts: ["red health potion", "blue shield with star", "gear"] },
  { generator: "texture", size: 64, transparent: [false], prompts: ["mossy stone brick", "dark oak wood planks", "glowing lava"] },
];

const SHEET: SheetRequest = { animations: ["idle", "walk"], directions: 4, fps: 8 };
const TILESET: TilesetRequest = { layout: "wang-corner-16", terrains: ["grass", "dirt"] };

interface Task {
  generator: DrawTask["generator"];
  prompt: string;
  size: number;
  transparent: boolean;
  seed?: number;
  palette?: readonly string[];
  sheet?: SheetRequest;
  tileset?: TilesetRequest;
}

interface Drawn {
  png: Uint8Array;
  width: number;
  height: number;
  rgba: Uint8Array;
  quality: AssetQualityReport | undefined;
}

async function drawTask(t: Task): Promise<Drawn> {
  const out = await draw(
    {
      generator: t.generator,
      prompt: { prompt: t.prompt },
      width: t.size,
      height: t.size,
      transparent: t.transparent,
      seed: t.seed ?? 11,
      ...(t.palette ? { palette: [...t.palette] } : {}),
      ...(t.sheet ? { sheet: t.sheet } : {}),
      ...(t.tileset ? { tileset: t.tileset } : {}),
    },
    () => undefined,
  );
  const png = PNG.sync.read(Buffer.from(out.png));
  return { png: new Uint8Array(out.png), width: png.width, height: png.height, rgba: new Uint8Array(png.data), quality: out.quality };
}

const hexKey = (hex: string): number => Number.parseInt(hex.slice(1), 16);

/** The share of pixels with alpha > 0 whose RGB is in `palette`, the first one that is not, and the alpha values seen. */
function measure(rgba: Uint8Array, palette: readonly string[]): { compliance: number; opaque: number; stray?: string; alphas: Set<number> } {
  const keys = new Set(palette.map(hexKey));
  const alphas = new Set<number>();
  let opaque = 0;
  let inside = 0;
  let stray: string | undefined;
  for (let i = 0; i < rgba.length; i += 4) {
    alphas.add(rgba[i + 3]!);
    if (rgba[i + 3] === 0) continue;
    opaque++;
    const key = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
    if (keys.has(key)) inside++;
    else stray ??= `#${key.toString(16).padStart(6, "0")} at pixel ${i / 4}`;
  }
  return { compliance: opaque > 0 ? inside / opaque : 1, opaque, ...(stray ? { stray } : {}), alphas };
}

/** Checks one drawing against `palette`: every opaque pixel in it, and `quality` saying so. */
function expectCompliant(d: Drawn, palette: readonly string[], binaryAlpha: boolean): void {
  const m = measure(d.rgba, palette);
  expect(m.opaque).toBeGreaterThan(0);
  expect(m.stray).toBeUndefined();
  expect(m.compliance).toBe(1);
  expect(d.quality?.paletteCompliance).toBe(1);
  expect(d.quality?.paletteCompliance).toBe(m.compliance);
  if (binaryAlpha) expect([...m.alphas].every((a) => a === 0 || a === 255)).toBe(true);
}

const cases = AGENTS.flatMap((agent) =>
  Object.keys(PALETTES).flatMap((name) =>
    agent.transparent.flatMap((transparent) => agent.prompts.map((prompt) => ({ ...agent, name: name as keyof typeof PALETTES, transparent, prompt }))),
  ),
);

describe("procedural agents keep to the asked palette", () => {
  it.each(cases.map((c) => [c.generator, c.name, c.transparent ? "transparent" : "opaque", c.prompt, c] as const))(
    "%s in %s, %s: %s",
    async (_g, _n, _t, _p, c) => {
      const palette = PALETTES[c.name];
      const d = await drawTask({ generator: c.generator, prompt: c.prompt, size: c.size, transparent: c.transparent, palette });
      expect([d.width, d.height]).toEqual([c.size, c.size]);
      expectCompliant(d, palette, c.generator === "pixel-sprite");
      if (!c.transparent) expect(measure(d.rgba, palette).opaque).toBe(c.size * c.size);
    },
  );

  it.each(Object.entries(PALETTES))("a sprite sheet in %s", async (_name, palette) => {
    const d = await drawTask({ generator: "pixel-sprite", prompt: "knight with a sword", size: 32, transparent: true, palette, sheet: SHEET });
    expect(d.width).toBeGreaterThan(32);
    expectCompliant(d, palette, true);
  });

  it.each(Object.entries(PALETTES))("a tileset in %s", async (_name, palette) => {
    const d = await drawTask({ generator: "texture", prompt: "grass and dirt", size: 64, transparent: false, palette, tileset: TILESET });
    expect(d.width).toBeGreaterThan(64);
    expectCompliant(d, palette, false);
  });

  it.each(AGENTS.map((a) => [a.generator, a] as const))("%s in a custom three-colour palette", async (_g, agent) => {
    const d = await drawTask({ generator: agent.generator, prompt: agent.prompts[0]!, size: agent.size, transparent: agent.transparent[0]!, palette: CUSTOM });
    expectCompliant(d, CUSTOM, agent.generator === "pixel-sprite");
    expect(d.quality?.colors).toBeLessThanOrEqual(3);
  });

  it.each(AGENTS.map((a) => [a.generator, a] as const))("%s: the same seed gives the same bytes; a palette changes them", async (_g, agent) => {
    const task: Task = { generator: agent.generator, prompt: agent.prompts[1]!, size: agent.size, transparent: agent.transparent[0]!, seed: 42 };
    const withPalette = { ...task, palette: PALETTES["pico-8"] };
    const [a, b, plain] = await Promise.all([drawTask(withPalette), drawTask(withPalette), drawTask(task)]);
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true);
    expect(Buffer.from(a.png).equals(Buffer.from(plain.png))).toBe(false);
  });

  it("a sheet and a tileset: the same seed gives the same bytes", async () => {
    const sheet: Task = { generator: "pixel-sprite", prompt: "wolf", size: 32, transparent: true, palette: PALETTES.gameboy, sheet: SHEET };
    const tileset: Task = { generator: "texture", prompt: "sand and water", size: 64, transparent: false, palette: PALETTES["pico-8"], tileset: TILESET };
    for (const task of [sheet, tileset]) {
      const [a, b] = [await drawTask(task), await drawTask(task)];
      expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true);
    }
  });

  // A tileset's seam score over a painted map (tilesets/tileset.test.ts: a real seam scores 2+, a seamless set
  // 0.9–1.07 averaged over seeds); mapping onto a palette with dithering must not open seams.
  it.each(Object.entries(PALETTES))("a tileset in %s stays seamless (seam score mean over 3 seeds ≤ 1.15)", async (_name, palette) => {
    const scores: number[] = [];
    for (const seed of [1, 2, 3]) {
      const d = await drawTask({ generator: "texture", prompt: "grass and dirt", size: 64, transparent: false, palette, tileset: TILESET, seed });
      expect(d.quality?.seamScore).toBeTypeOf("number");
      scores.push(d.quality!.seamScore!);
    }
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean).toBeLessThanOrEqual(1.15);
  });
});
