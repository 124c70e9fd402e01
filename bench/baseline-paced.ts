/**
 * Baseline (b)'s own latency tail, evenly paced: how far this machine lets even the irreducible
 * handler meet "p99 ≤ 4 × p50" (issue 16, target 3b and its PostgreSQL twin). The same open-loop
 * generator as the half-rate rows (`paced.ts`, latency from each request's due time), 10 s per rate.
 *   npx tsx bench/baseline-paced.ts [rates=220,980] [pglite|postgres]
 *   IRREDUCIBLE_DRAWING=service   row (b′)'s handler instead
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runLoad } from "./load.js";
import { runPaced } from "./paced.js";
import { createDatabase, dropDatabases } from "./pg.js";
import { freePort, startChild, stopChild } from "./servers.js";
import { generateBody } from "./service.js";

const rates = (process.argv[2] ?? "220,980").split(",").map(Number);
const postgres = process.argv[3] === "postgres";
const dir = postgres ? undefined : await mkdtemp(join(tmpdir(), "bench-baseline-paced-"));
try {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    ...(postgres ? { DATABASE_URL: await createDatabase("baseline_paced") } : { DATA_DIR: dir! }),
  };
  if (process.env.IRREDUCIBLE_DRAWING) env.IRREDUCIBLE_DRAWING = process.env.IRREDUCIBLE_DRAWING;
  const child = await startChild({ name: "irreducible", script: "bench/baselines/irreducible.ts", port, env });
  const spec = { url: `${child.url}/generate`, method: "POST" as const, headers: { "content-type": "application/json" }, body: generateBody };
  try {
    await runLoad({ ...spec, connections: 32, durationS: 2 }); // warm-up
    for (const rate of rates) {
      const r = await runPaced({ ...spec, rate, durationS: 10 });
      console.log(
        `${postgres ? "PostgreSQL" : "PGlite"} ${rate} req/s: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, p99/p50 ${(r.p99 / r.p50).toFixed(2)}, ` +
          `client late by up to ${r.maxSendDelay.toFixed(1)} ms, ${r.failed} failed`,
      );
    }
  } finally {
    await stopChild(child);
  }
} finally {
  if (dir) await rm(dir, { recursive: true, force: true });
  if (postgres) await dropDatabases();
}
