// `npm start`, `npm run worker`, `npm run cli`, `npm run mcp`: runs the compiled service (dist/),
// building it first when it is missing or older than src/ (a fresh clone, a pull, an edit).
// The entry runs in this very process, so signals sent to npm reach it (npm runs this with exec).
import { buildService, isStale } from "./build.mjs";

const entries = { service: "main", worker: "worker", cli: "cli", mcp: "mcp" };
const [, , which = "service", ...rest] = process.argv;
const entry = entries[which];
if (!entry) {
  process.stderr.write(`usage: node scripts/start.mjs [${Object.keys(entries).join("|")}] [args]\n`);
  process.exit(2);
}
if (isStale()) {
  const { files, ms } = await buildService();
  if (process.stderr.isTTY) process.stderr.write(`built ${files} files into dist/ in ${ms} ms\n`);
}
process.argv = [process.argv[0], new URL(`../dist/${entry}.js`, import.meta.url).pathname, ...rest];
await import(`../dist/${entry}.js`);
