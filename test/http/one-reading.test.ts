import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPromptReadings } from "../../src/agents/procedural/words/prompt.js";
import { Prisma } from "../../src/infra/db/database.js";
import { generateWithKey, type GenerationBody } from "../support/generation.js";
import { startTestApp, type TestApp } from "../support/harness.js";
import { createKey, signUp } from "../support/users.js";

/**
 * A generation's prompt is read once (issue 37): at submit, where the reading is stored with the
 * generation and handed to the drawing, which draws from it without reading the prompt again. The
 * drawing runs on this thread (DRAW_THREADS=0), so the reader's counter sees every reading.
 */
let t: TestApp;
let secret: string;
const readings = countPromptReadings();
beforeAll(async () => {
  t = await startTestApp({ DRAW_THREADS: "0", RATE_LIMIT_GENERATE_PER_MINUTE: "10000", SIGNUP_CREDITS: "1000" });
  ({ secret } = await createKey(t, await signUp(t)));
});
afterAll(() => t.close());

const generate = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const response = await generateWithKey(t, secret, body, headers);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as GenerationBody;
};

const storedReading = async (id: string) => {
  const [row] = await t.db.sql<{ reading: { subjects: string[] } | null }>(Prisma.sql`SELECT "reading" FROM "generations" WHERE "id" = ${id}`);
  return row?.reading;
};

describe("one reading of a prompt per generation", () => {
  it.each([
    ["an image", { prompt: "blue slime with a crown", agentId: "pixel-sprite", width: 32, height: 32 }, "slime"],
    ["a sheet", { prompt: "orange wolf", agentId: "pixel-sprite", width: 32, height: 32, sheet: { animations: ["idle", "walk"], directions: 4 } }, "wolf"],
    [
      "a tileset",
      { prompt: "mossy terrain tiles", agentId: "texture", width: 64, height: 64, tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } },
      "tile",
    ],
    ["an icon, drawn later", { prompt: "golden key icon", agentId: "icon" }, "key"],
  ])("%s: read once at submit, stored, drawn from the stored reading", async (_, body, subject) => {
    const prompt = body.prompt;
    expect(readings(prompt)).toBe(0);
    const async = _.includes("later");
    const g = await generate({ ...body, seed: 3 }, async ? { prefer: "respond-async" } : {});
    if (async) {
      const deadline = Date.now() + 20_000;
      let status = g.status;
      while (status !== "succeeded" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        status = ((await (await t.request(`/api/v1/generations/${g.id}`, { headers: { authorization: `Bearer ${secret}` } })).json()) as GenerationBody).status;
      }
      expect(status).toBe("succeeded");
    } else expect(g.status).toBe("succeeded");
    expect(readings(prompt)).toBe(1);
    expect((await storedReading(g.id))?.subjects).toContain(subject);
    // the answer shows what was understood, never the stored reading itself
    expect(JSON.stringify(g)).not.toContain('"reading"');
  });

  it("a dry run reads it once; a batch of two reads it once for both", async () => {
    const prompt = "red potion bottle";
    await generate({ prompt, agentId: "icon", dryRun: true });
    expect(readings(prompt)).toBe(1);
    const batch = await t.request("/v1/images/generations", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify({ model: "icon", prompt, n: 2, response_format: "b64_json" }),
    });
    expect(batch.status, await batch.clone().text()).toBe(200);
    expect(((await batch.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(readings(prompt)).toBe(2);
  });
});
