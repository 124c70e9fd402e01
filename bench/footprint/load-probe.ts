/**
 * Study tool (issue 18): where the service's memory goes under and after a generate load, on PostgreSQL.
 *   npx tsx bench/footprint/load-probe.ts [label]      PROBE_NODE_ARGS="--max-semi-space-size=4" PROBE_ENV='{"K":"v"}'
 * Prints RSS (and smaps_rollup anon/file) at rest, right after 5 s of POST /api/v1/generate, and 10/20/40 s later.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { runLoad } from "../load.js";
import { createDatabase, dropDatabases } from "../pg.js";
import { generateBody, generateHeaders, startService } from "../service.js";
import { sleep, stopChild } from "../servers.js";

const label = process.argv[2] ?? "default";
const nodeArgs = (process.env.PROBE_NODE_ARGS ?? "").split(" ").filter(Boolean);
const env = JSON.parse(process.env.PROBE_ENV ?? "{}") as Record<string, string>;
const url = await createDatabase("probe");
const s = await startService({ name: "probe", db: { kind: "postgres", url }, nodeArgs, env });
const pid = s.child.pid;
const kb = (text: string, key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);
const snap = (when: string) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const threads = readdirSync(`/proc/${pid}/task`).length;
  const mb = (n: number) => Math.round(n / 1024);
  const row = { when, rss: mb(kb(status, "VmRSS")), anon: mb(kb(rollup, "Anonymous")), file: mb(kb(status, "RssFile")), hwm: mb(kb(status, "VmHWM")), threads };
  console.log(JSON.stringify(row));
  return row;
};
try {
  await sleep(6_000);
  const rest = snap("rest");
  if (process.env.PROBE_SMAPS) writeFileSync(`${process.env.PROBE_SMAPS}.rest`, readFileSync(`/proc/${pid}/smaps`, "utf8"));
  const rounds = Number(process.env.PROBE_ROUNDS ?? 1);
  for (let round = 1; round <= rounds; round++) {
    const load = await runLoad({
      url: `${s.url}/api/v1/generate`,
      method: "POST",
      headers: generateHeaders(s.key),
      body: process.env.PROBE_BODY ?? generateBody,
      connections: 32,
      durationS: Number(process.env.PROBE_LOAD_S ?? 5),
    });
    snap(`round ${round}: after load (${Math.round(load.rps)} req/s)`);
    let waited = 0;
    for (const t of [5, 10, 20, 40]) {
      if (round < rounds && t > 10) break;
      await sleep((t - waited) * 1000);
      waited = t;
      const r = snap(`round ${round}: +${t}s`);
      if (process.env.PROBE_SMAPS) writeFileSync(`${process.env.PROBE_SMAPS}.${round}.${t}`, readFileSync(`/proc/${pid}/smaps`, "utf8"));
      if (t === 10) console.log(`${label}: round ${round} +10 s / rest = ${(r.rss / rest.rss).toFixed(2)}`);
    }
  }
  console.log(
    s.child
      .output()
      .split("\n")
      .filter((l) => l.includes("idle"))
      .slice(-5)
      .join("\n"),
  );
  console.log(
    "MALLOC_ARENA_MAX in child:",
    readFileSync(`/proc/${pid}/environ`, "utf8")
      .split("\0")
      .filter((v) => v.startsWith("MALLOC")),
  );
} finally {
  await stopChild(s.child);
  await s.cleanup();
  await dropDatabases();
}
