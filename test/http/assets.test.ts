import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInAgents } from "../../src/agents/procedural/agents.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { createKey, signUp } from "../support/users.js";

/** Every agent, every size, through the public API: real PNGs, transparency, determinism. */
let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "10000" });
  ({ secret } = await createKey(t, await signUp(t)));
});
afterAll(() => t.close());

const generate = async (body: Record<string, unknown>) => {
  const response = await generateWithKey(t, secret, body);
  expect(response.status).toBe(200);
  return (await response.json()) as GenerationBody;
};

// the agents that draw from a prompt (pixel-fixer and cutout work on the caller's picture: test/http/your-art.test.ts)
describe.each(builtInAgents.filter((a) => a.id !== "pixel-fixer" && a.id !== "cutout").map((a) => [a.id, a] as const))("%s", (agentId, agent) => {
  it.each(agent.sizes.map((s) => [s.width, s.height]))("makes a %i×%i PNG of that size", async (width, height) => {
    const g = await generate({ prompt: "a red dragon made of stone", agentId, width, height, seed: 11 });
    const png = decodePng(g.assets[0]!.b64!);
    expect([png.width, png.height]).toEqual([width, height]);
    if (!agent.supportsTransparent) {
      for (let i = 3; i < png.data.length; i += 4) if (png.data[i] !== 255) throw new Error("opaque texture has a transparent pixel");
    }
  });

  it("is deterministic per seed and changes with the seed", async () => {
    const body = { prompt: "golden knight with a shield", agentId, seed: 424242 };
    const [a, b, c] = [await generate(body), await generate(body), await generate({ ...body, seed: 424243 })];
    expect(a.assets[0]!.sha256).toBe(b.assets[0]!.sha256);
    expect(c.assets[0]!.sha256).not.toBe(a.assets[0]!.sha256);
  });

  it.runIf(agent.supportsTransparent)("transparent: background alpha 0 (corners included), subject clearly visible", async () => {
    const g = await generate({ prompt: "blue potion", agentId, transparent: true, seed: 3 });
    const png = decodePng(g.assets[0]!.b64!);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    for (const [x, y] of [
      [0, 0],
      [png.width - 1, 0],
      [0, png.height - 1],
      [png.width - 1, png.height - 1],
    ])
      expect(alpha(x!, y!)).toBe(0);
    let opaque = 0;
    let clear = 0;
    for (let i = 3; i < png.data.length; i += 4) {
      if (png.data[i] === 255) opaque++;
      if (png.data[i] === 0) clear++;
    }
    const pixels = png.width * png.height;
    expect(opaque / pixels).toBeGreaterThan(0.1);
    expect(clear / pixels).toBeGreaterThan(0.1);
    const solid = await generate({ prompt: "blue potion", agentId, transparent: false, seed: 3 });
    const opaquePng = decodePng(solid.assets[0]!.b64!);
    for (let i = 3; i < opaquePng.data.length; i += 4) if (opaquePng.data[i] !== 255) throw new Error("opaque asset has a transparent pixel");
  });

  it("lets the prompt steer: another prompt with the same seed gives another asset", async () => {
    const [red, blue] = [await generate({ prompt: "red gem", agentId, seed: 5 }), await generate({ prompt: "blue gem", agentId, seed: 5 })];
    expect(red.assets[0]!.sha256).not.toBe(blue.assets[0]!.sha256);
    const hue = (g: GenerationBody) => {
      const png = decodePng(g.assets[0]!.b64!);
      let r = 0;
      let b = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        r += png.data[i]!;
        b += png.data[i + 2]!;
      }
      return r - b;
    };
    expect(hue(red)).toBeGreaterThan(hue(blue));
  });
});
