/**
 * Re-records the procedural drivers' golden hashes (src/agents/procedural/golden.json): same
 * cases, new sha256 of each PNG. Run it only when a drawing change is meant to change pictures,
 * and commit the new hashes on their own, saying why:
 *
 *   npx tsx scripts/record-golden.ts
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import type { AgentMessage } from "../src/agents/driver.js";
import { proceduralDrivers } from "../src/agents/procedural/driver.js";

interface GoldenCase {
  agent: "pixel-sprite" | "icon" | "texture";
  prompt?: string;
  messages?: AgentMessage[];
  seed: number;
  size: number;
  transparent: boolean;
  sha256: string;
}

const file = new URL("../src/agents/procedural/golden.json", import.meta.url);
const cases = JSON.parse(readFileSync(file, "utf8")) as GoldenCase[];
const driverOf = { "pixel-sprite": "procedural-sprite", icon: "procedural-icon", texture: "procedural-texture" } as const;
let changed = 0;
for (const c of cases) {
  const kind = proceduralDrivers.find((d) => d.name === driverOf[c.agent]);
  if (!kind) throw new Error(`no driver for ${c.agent}`);
  const driver = kind.create({}, { secret: () => undefined, fetch, log: { warn() {}, info() {} } });
  const result = await driver.generate(
    { prompt: c.prompt, messages: c.messages, width: c.size, height: c.size, transparent: c.transparent, seed: c.seed, options: {} },
    { signal: new AbortController().signal, deadline: Date.now() + 60_000, report: async () => {} },
  );
  const image = result.images[0];
  if (!image) throw new Error(`no image for ${JSON.stringify(c)}`);
  const sha256 = createHash("sha256").update(image.png).digest("hex");
  if (sha256 !== c.sha256) changed++;
  c.sha256 = sha256;
}
writeFileSync(file, `${JSON.stringify(cases, null, 1)}\n`);
console.log(`${cases.length} cases, ${changed} re-recorded`);
process.exit(0);
