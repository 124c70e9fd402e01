import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The environment variable holding the provider key in test catalogs, and its value. */
export const testImagesKeyEnv = "TEST_IMAGES_KEY";
export const testImagesKey = "sk-test-6f1d0c2b9a8e7f6d5c4b3a29";

/** The procedural agents a test catalog can list, by id, with their drivers. */
const proceduralDrivers = { "pixel-sprite": "procedural-sprite", icon: "procedural-icon", texture: "procedural-texture" } as const;

/**
 * Writes an AGENTS_FILE (`agents.json` in `dir`) and returns its path: the procedural agents named
 * in `procedural` (default: all three), then `agents`; `pixel-sprite` is the default agent.
 */
export async function writeCatalog(
  dir: string,
  agents: object[],
  procedural: ReadonlyArray<keyof typeof proceduralDrivers> = ["pixel-sprite", "icon", "texture"],
): Promise<string> {
  const file = join(dir, "agents.json");
  await writeFile(
    file,
    JSON.stringify({
      defaultAgentId: "pixel-sprite",
      agents: [...procedural.map((id) => ({ id, driver: proceduralDrivers[id] })), ...agents],
    }),
  );
  return file;
}

/** A model agent's entry making `edge`×`edge` assets only; `entry` gives the rest (style, transparency, …). */
export function modelAgent(
  edge: number,
  entry: { id: string; name: string; driver: string; credits: number; options: Record<string, unknown> } & Record<string, unknown>,
): object {
  return { ...entry, sizes: [{ width: edge, height: edge }], defaultSize: { width: edge, height: edge } };
}

/**
 * `model`, an `openai-images` agent (3 credits, 64×64, style none) served by an OpenAI Images
 * double at `baseUrl` with the test key; `options` adds to or overrides its driver options.
 */
export function testModelAgent(baseUrl: string, options: Record<string, unknown>): object {
  return modelAgent(64, {
    id: "model",
    name: "Test model",
    driver: "openai-images",
    credits: 3,
    options: { baseUrl, model: "gpt-image-1-mini", apiKeyEnv: testImagesKeyEnv, nativeSize: "64x64", ...options },
  });
}

/** Writes an AGENTS_FILE: the procedural agents plus `model` (see testModelAgent). Returns its path. */
export async function writeModelCatalog(dir: string, baseUrl: string, options: { timeoutMs?: number; maxRetries?: number } = {}): Promise<string> {
  return writeCatalog(dir, [testModelAgent(baseUrl, { timeoutMs: options.timeoutMs ?? 1_500, maxRetries: options.maxRetries ?? 1 })]);
}
