/**
 * Re-records the procedural drivers' golden hashes (src/agents/procedural/golden.json): same
 * cases, new sha256 of each PNG. Run it only when a drawing change is meant to change pictures,
 * and commit the new hashes on their own, saying why:
 *
 *   npx tsx scripts/record-golden.ts
 *
 * With `--new` it records only the cases that have no sha256 yet (cases just added to the file)
 * and checks every other one: it writes nothing, and fails, if a recorded hash no longer matches.
 *
 *   npx tsx scripts/record-golden.ts --new
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { proceduralDrivers } from "../src/agents/procedural/driver.js";
import { driverOf, type GoldenCase, goldenJob } from "../test/support/golden-case.js";

const onlyNew = process.argv.includes("--new");
const file = new URL("../src/agents/procedural/golden.json", import.meta.url);
const cases = JSON.parse(readFileSync(file, "utf8")) as GoldenCase[];
let changed = 0;
let added = 0;
const mismatches: number[] = [];
for (const [i, c] of cases.entries()) {
  const kind = proceduralDrivers.find((d) => d.name === driverOf[c.agent]);
  if (!kind) throw new Error(`no driver for ${c.agent}`);
  const driver = kind.create({}, { secret: () => undefined, fetch, log: { warn() {}, info() {} } });
  const result = await driver.generate(goldenJob(c), { signal: new AbortController().signal, deadline: Date.now() + 60_000, report: async () => {} });
  const image = result.images[0];
  if (!image) throw new Error(`no image for ${JSON.stringify(c)}`);
  const sha256 = createHash("sha256").update(image.png).digest("hex");
  if (c.sha256 === undefined) added++;
  else if (sha256 !== c.sha256) {
    changed++;
    mismatches.push(i);
    if (onlyNew) continue;
  }
  c.sha256 = sha256;
}
if (onlyNew && mismatches.length > 0) {
  console.error(`recorded hashes changed (cases ${mismatches.join(", ")}): nothing written; re-record all on purpose without --new`);
  process.exit(1);
}
writeFileSync(file, `${JSON.stringify(cases, null, 1)}\n`);
console.log(`${cases.length} cases, ${added} recorded for the first time, ${changed} re-recorded`);
process.exit(0);
