/**
 * Markdown tables from the JSON lines written by matrix.ts (one object per measure() run).
 *   npx tsx bench/footprint/summarize.ts <matrix.jsonl> [variant,...]
 */
import { readFileSync } from "node:fs";

interface Row {
  variant: string;
  scenario: string;
  busyBefore: number;
  msToLogLine: number;
  msToFirstAnswer?: number;
  startupMsLogged?: number;
  spawnEpochMs: number;
  logged?: { marks?: Record<string, number>; nodeTiming?: { timeOrigin: number }; rssMb?: number };
  service: { rssMb: number; anonMb: number; fileMb: number; pssMb: number; cpuMsAtReady: number };
  treeRssMb: number;
  tree: { comm: string; rssMb: number }[];
  probe?: { before: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }; after: { rss: number; heapUsed: number } };
}

const [file = "out/matrix.jsonl", only] = process.argv.slice(2);
const rows = readFileSync(file, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Row);
const MB = 1048576;
const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (xs: (number | undefined)[], digits = 0) => {
  const v = xs.filter((x): x is number => typeof x === "number" && Number.isFinite(x));
  if (v.length === 0) return "–";
  const f = (x: number) => x.toFixed(digits);
  return v.length === 1 ? f(v[0]!) : `${f(med(v))} (${f(Math.min(...v))}–${f(Math.max(...v))})`;
};

const groups = new Map<string, Row[]>();
for (const r of rows) {
  if (only && !only.split(",").includes(r.variant)) continue;
  const k = `${r.variant}|${r.scenario}`;
  groups.set(k, [...(groups.get(k) ?? []), r]);
}

console.log(
  "| variant | scen. | n | first answer ms | service RSS MB | anon MB | file MB | V8 heap used MB | external MB | RSS after GC MB | whole tree RSS MB | CPU ms to ready |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const [k, rs] of groups) {
  const [variant, scenario] = k.split("|");
  console.log(
    `| ${variant} | ${scenario} | ${rs.length} | ${fmt(rs.map((r) => r.msToFirstAnswer ?? r.msToLogLine))} | ${fmt(rs.map((r) => r.service.rssMb))} | ${fmt(rs.map((r) => r.service.anonMb))} | ${fmt(rs.map((r) => r.service.fileMb))} | ${fmt(rs.map((r) => (r.probe ? r.probe.before.heapUsed / MB : undefined)))} | ${fmt(rs.map((r) => (r.probe ? r.probe.before.external / MB : undefined)))} | ${fmt(rs.map((r) => (r.probe ? r.probe.after.rss / MB : undefined)))} | ${fmt(rs.map((r) => r.treeRssMb))} | ${fmt(rs.map((r) => r.service.cpuMsAtReady))} |`,
  );
}

// Phase split (prototype variants log performance.now() marks; 0 = the service process's own start).
const phased = [...groups].filter(([, rs]) => rs.some((r) => r.logged?.marks));
if (phased.length) {
  const names = [
    "modulesLoaded",
    "eagerLoaded",
    "dbModulesLoaded",
    "initdbDone",
    "pgliteCreated",
    "prismaCreated",
    "infraOpened",
    "migrated",
    "agentsSynced",
    "appCreated",
    "listening",
    "ready",
  ];
  console.log(`\n| variant | scen. | spawn→process start | ${names.join(" | ")} | first answer |`);
  console.log(`|---|---|---|${names.map(() => "---").join("|")}|---|`);
  for (const [k, rs] of phased) {
    const [variant, scenario] = k.split("|");
    const cells = names.map((n) => fmt(rs.map((r) => r.logged?.marks?.[n])));
    const spawnDelay = fmt(rs.map((r) => (r.logged?.nodeTiming ? r.logged.nodeTiming.timeOrigin - r.spawnEpochMs : undefined)));
    console.log(`| ${variant} | ${scenario} | ${spawnDelay} | ${cells.join(" | ")} | ${fmt(rs.map((r) => r.msToFirstAnswer ?? r.msToLogLine))} |`);
  }
}
