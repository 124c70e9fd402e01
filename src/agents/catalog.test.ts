import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildCatalog, CatalogError, loadCatalog } from "./catalog.js";
import type { DriverEnvironment } from "./driver.js";
import { driverKinds } from "./registry.js";

const env = (secrets: Record<string, string> = {}): DriverEnvironment => ({
  secret: (name) => secrets[name],
  fetch,
  log: { warn() {}, info() {} },
});
const build = (raw: unknown, secrets: Record<string, string> = {}) => buildCatalog(raw, "AGENTS_FILE agents.json", { kinds: driverKinds, env: env(secrets) });
const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return (error as Error).message;
  }
  throw new Error("no error");
};

const model = {
  id: "gpt-image",
  name: "GPT Image mini",
  driver: "openai-images",
  credits: 4,
  sizes: [
    { width: 64, height: 64 },
    { width: 256, height: 256 },
  ],
  defaultSize: { width: 256, height: 256 },
  supportsTransparent: true,
  style: "pixel-art",
  options: { baseUrl: "https://api.example.com/v1", model: "gpt-image-1-mini", apiKeyEnv: "OPENAI_API_KEY", timeoutMs: 120_000, maxRetries: 2 },
};

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("the agents catalog", () => {
  it("serves the built-in procedural agents without AGENTS_FILE", async () => {
    const catalog = await loadCatalog({ kinds: driverKinds, env: env() });
    expect(catalog.defaultAgentId).toBe("pixel-sprite");
    expect(catalog.entries.map((e) => [e.id, e.driver, e.credits, e.exactAssets, e.maxRetries])).toEqual([
      ["pixel-sprite", "procedural-sprite", 1, true, 0],
      ["icon", "procedural-icon", 2, true, 0],
      ["texture", "procedural-texture", 2, true, 0],
      ["pixel-fixer", "procedural-fixer", 1, true, 0],
      ["cutout", "procedural-cutout", 1, true, 0],
    ]);
    expect(catalog.driver("icon")).toBeDefined();
    expect(catalog.driver("nope")).toBeUndefined();
  });

  it("resolves a model entry (contract section 8's example) and lets a procedural entry override its defaults", () => {
    const catalog = build(
      { defaultAgentId: "pixel-sprite", agents: [{ id: "pixel-sprite", driver: "procedural-sprite", credits: 5, name: "Sprites" }, model] },
      { OPENAI_API_KEY: "sk-1" },
    );
    expect(catalog.entry("pixel-sprite")).toMatchObject({
      name: "Sprites",
      credits: 5,
      sizes: [
        { width: 16, height: 16 },
        { width: 32, height: 32 },
        { width: 48, height: 48 },
        { width: 64, height: 64 },
        { width: 128, height: 128 },
      ],
    });
    expect(catalog.entry("gpt-image")).toMatchObject({
      driver: "openai-images",
      credits: 4,
      style: "pixel-art",
      paletteSize: 32,
      timeoutMs: 120_000,
      maxRetries: 2,
      exactAssets: false,
      nativeTransparency: false,
      supportsTransparent: true,
      formats: ["image/png"],
    });
  });

  it.each([
    [
      "an unknown driver",
      { agents: [{ id: "x", driver: "nope" }] },
      /^AGENTS_FILE agents\.json: agents\[0\] \("x"\)\.driver: unknown driver "nope" \(known: procedural-sprite, procedural-icon, procedural-texture, procedural-fixer, procedural-cutout, openai-images, fal-queue\)\.$/,
    ],
    ["a model entry without a price", { agents: [{ ...model, credits: undefined }] }, /agents\[0\] \("gpt-image"\)\.credits: is required for this driver\.$/],
    ["bad driver options", { agents: [{ ...model, options: { ...model.options, baseUrl: "not a url" } }] }, /agents\[0\] \("gpt-image"\)\.options\.baseUrl: /],
    ["an unknown field", { agents: [{ ...model, colour: "red" }] }, /agents\[0\] \("gpt-image"\)\.colour: unknown field\.$/],
    [
      "a default size that is not a size",
      { agents: [{ ...model, defaultSize: { width: 32, height: 32 } }] },
      /agents\[0\] \("gpt-image"\)\.defaultSize: must be one of sizes\.$/,
    ],
    [
      "two entries with one id",
      {
        agents: [
          { id: "a", driver: "procedural-icon" },
          { id: "a", driver: "procedural-icon" },
        ],
      },
      /agents\[1\] \("a"\)\.id: another entry has this id\.$/,
    ],
    [
      "a default agent that is not listed",
      { defaultAgentId: "zzz", agents: [{ id: "a", driver: "procedural-icon" }] },
      /defaultAgentId: no entry has the id "zzz"\.$/,
    ],
    ["no agents", { agents: [] }, /agents: List at least one agent\.$/],
    ["a bad style", { agents: [{ ...model, style: "watercolour" }] }, /agents\[0\] \("gpt-image"\)\.style: /],
  ])("refuses %s, naming the entry and the field in one line", (_name, raw, expected) => {
    const message = messageOf(() => build(raw, { OPENAI_API_KEY: "sk-1" }));
    expect(message).toMatch(expected);
    expect(message).not.toContain("\n");
  });

  it("refuses an entry whose secret is not set, naming the variable (and never its value)", () => {
    expect(messageOf(() => build({ agents: [model] }))).toBe(
      'AGENTS_FILE agents.json: agents[0] ("gpt-image").options.apiKeyEnv: the environment variable OPENAI_API_KEY is not set.',
    );
  });

  it("reports a file that cannot be read or parsed", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ags-catalog-"));
    dirs.push(dir);
    const file = join(dir, "agents.json");
    await expect(loadCatalog({ file, kinds: driverKinds, env: env() })).rejects.toThrow(`AGENTS_FILE ${file} cannot be read: ENOENT`);
    await writeFile(file, "{ not json");
    await expect(loadCatalog({ file, kinds: driverKinds, env: env() })).rejects.toThrow(new RegExp(`^AGENTS_FILE ${file} is not valid JSON`));
    await writeFile(file, JSON.stringify({ agents: [model] }));
    const catalog = await loadCatalog({ file, kinds: driverKinds, env: env({ OPENAI_API_KEY: "sk-1" }) });
    expect(catalog.defaultAgentId).toBe("gpt-image"); // the first entry when none is named
  });
});
