import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The environment variable holding the provider key in test catalogs, and its value. */
export const testImagesKeyEnv = "TEST_IMAGES_KEY";
export const testImagesKey = "sk-test-6f1d0c2b9a8e7f6d5c4b3a29";

/**
 * Writes an AGENTS_FILE: the built-in procedural agents plus `model`, an `openai-images` agent
 * (3 credits, 64×64, style none) served by an OpenAI Images double at `baseUrl`. Returns its path.
 */
export async function writeModelCatalog(dir: string, baseUrl: string, options: { timeoutMs?: number; maxRetries?: number } = {}): Promise<string> {
  const file = join(dir, "agents.json");
  await writeFile(
    file,
    JSON.stringify({
      defaultAgentId: "pixel-sprite",
      agents: [
        { id: "pixel-sprite", driver: "procedural-sprite" },
        { id: "icon", driver: "procedural-icon" },
        { id: "texture", driver: "procedural-texture" },
        {
          id: "model",
          name: "Test model",
          driver: "openai-images",
          credits: 3,
          sizes: [{ width: 64, height: 64 }],
          defaultSize: { width: 64, height: 64 },
          options: {
            baseUrl,
            model: "gpt-image-1-mini",
            apiKeyEnv: testImagesKeyEnv,
            nativeSize: "64x64",
            timeoutMs: options.timeoutMs ?? 1_500,
            maxRetries: options.maxRetries ?? 1,
          },
        },
      ],
    }),
  );
  return file;
}
