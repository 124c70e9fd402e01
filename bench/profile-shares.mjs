// `node bench/profile-shares.mjs <file.cpuprofile> <regex>…`: for each regex, the share of the
// profile's busy (non-idle) samples whose stack has a frame ("function url:line") matching it.
// Shares overlap: a sample counts once per regex (e.g. `Prisma|query_compiler`, `writev`, `piscina`).
import { readFileSync } from "node:fs";

const [file, ...patterns] = process.argv.slice(2);
if (!file || patterns.length === 0) {
  console.error("usage: node bench/profile-shares.mjs <file.cpuprofile> <regex>…");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const res = patterns.map((p) => new RegExp(p));
const hits = res.map(() => 0);
let total = 0;
let idle = 0;
for (const [id, count] of counts) {
  total += count;
  if (byId.get(id).callFrame.functionName === "(idle)") {
    idle += count;
    continue;
  }
  const stack = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    stack.push(`${f.functionName} ${f.url}:${f.lineNumber}`);
  }
  res.forEach((re, i) => {
    if (stack.some((frame) => re.test(frame))) hits[i] += count;
  });
}
const busy = total - idle;
console.log(`busy: ${((busy / total) * 100).toFixed(1)} % of ${total} samples`);
res.forEach((re, i) => void console.log(`${((hits[i] / busy) * 100).toFixed(1).padStart(5)} %  ${re.source}`));
