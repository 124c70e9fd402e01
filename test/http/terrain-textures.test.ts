import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/harness.js";
import { decodePng, generateWithKey, type GenerationBody } from "../support/generation.js";
import { bearer, createKey, errorOf, signUp } from "../support/users.js";

/** A tileset whose terrains are the caller's own textures (contract section 14): ownership at submit, the seams. */
let t: TestApp;
let secret: string;
let otherSecret: string;
let grass: string;
let dirt: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  ({ secret } = await createKey(t, await signUp(t)));
  ({ secret: otherSecret } = await createKey(t, await signUp(t)));
  const texture = async (prompt: string): Promise<string> => {
    const response = await generateWithKey(t, secret, { agentId: "texture", prompt, width: 64, height: 64, seed: 4 });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as GenerationBody).assets[0]!.id;
  };
  grass = await texture("mossy grass");
  dirt = await texture("cracked dirt");
}, 240_000);
afterAll(() => t.close());

const balance = async (key: string) => ((await (await t.request("/api/v1/credits", { headers: bearer(key) })).json()) as { balance: number }).balance;

describe("a tileset from your textures", () => {
  it("draws its terrains from two of your textures, made seamless, and reports its seamScore", async () => {
    const body = { agentId: "texture", prompt: "meadow", tileset: { layout: "wang-corner-16", terrains: [grass, dirt] }, width: 32, height: 32, seed: 2 };
    const response = await generateWithKey(t, secret, body);
    expect(response.status, await response.clone().text()).toBe(200);
    const g = (await response.json()) as GenerationBody & {
      assets: { layout: { terrains: string[]; tileWidth: number }; quality: { seamScore: number }; b64: string }[];
    };
    const asset = g.assets[0]!;
    expect(asset.layout).toMatchObject({ kind: "tileset", tileWidth: 32, terrains: [grass, dirt] });
    expect(asset.quality.seamScore).toBeGreaterThan(0.8);
    expect(asset.quality.seamScore).toBeLessThan(1.35);
    const png = decodePng(asset.b64);
    expect([png.width, png.height]).toEqual([128, 128]);
  });

  it("answers 404 for another account's texture or an unknown id, charging nothing", async () => {
    const before = await balance(otherSecret);
    for (const terrains of [
      [grass, "dirt"],
      ["grass", "ast_NoSuchAsset000000001"],
    ]) {
      const response = await generateWithKey(t, otherSecret, {
        agentId: "texture",
        prompt: "x",
        tileset: { layout: "blob-47", terrains },
        width: 32,
        height: 32,
      });
      const error = await errorOf(response);
      expect(error).toMatchObject({ status: 404, code: "not_found", param: "tileset.terrains" });
      expect(error.message).toContain(terrains.find((x) => x.startsWith("ast_")));
    }
    expect(await balance(otherSecret)).toBe(before);
  });

  it("answers 410 for a texture its owner deleted (another account still gets 404), charging nothing", async () => {
    const made = await generateWithKey(t, secret, { agentId: "texture", prompt: "pale sand", width: 64, height: 64, seed: 9 });
    const sand = ((await made.json()) as GenerationBody).assets[0]!.id;
    expect((await t.request(`/api/v1/assets/${sand}`, { method: "DELETE", headers: bearer(secret) })).status).toBe(204);
    const before = await balance(secret);
    const body = { agentId: "texture", prompt: "x", tileset: { layout: "blob-47", terrains: ["grass", sand] }, width: 32, height: 32 };
    const error = await errorOf(await generateWithKey(t, secret, body));
    expect(error).toMatchObject({ status: 410, code: "gone", param: "tileset.terrains" });
    expect(error.message).toContain(sand);
    expect(await balance(secret)).toBe(before);
    expect(await errorOf(await generateWithKey(t, otherSecret, body))).toMatchObject({ status: 404, code: "not_found" });
  });
});
