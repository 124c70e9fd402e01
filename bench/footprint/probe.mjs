// Loaded with `--import` (or NODE_OPTIONS) into a measured process. Inert unless FOOTPRINT_PROBE_DIR is set.
// On SIGUSR2 it writes this process's V8 view of memory to $FOOTPRINT_PROBE_DIR/<pid>.json:
// process.memoryUsage() before and after a full GC, heap spaces, and (FOOTPRINT_SNAPSHOT=1) a heap snapshot.
// Plain JS on purpose: it must run unchanged under tsx and under precompiled `node dist/main.js`.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

const dir = process.env.FOOTPRINT_PROBE_DIR;
if (dir) {
  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  const require = createRequire(import.meta.url);
  process.on("SIGUSR2", () => {
    const before = process.memoryUsage();
    const spacesBefore = v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size, size: s.space_size }));
    gc();
    const after = process.memoryUsage();
    const out = {
      pid: process.pid,
      argv: process.argv.slice(1),
      monotonicUs: Number(process.hrtime.bigint() / 1000n),
      before,
      spacesBefore,
      after,
      heap: v8.getHeapStatistics(),
      spacesAfter: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size, size: s.space_size })),
      cjsModules: Object.keys(require.cache).length,
      cjsByPackage: Object.entries(
        Object.keys(require.cache).reduce((acc, f) => {
          const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f);
          const k = m ? m[1] : f;
          acc[k] = (acc[k] ?? 0) + 1;
          return acc;
        }, {}),
      ).sort((a, b) => b[1] - a[1]),
      resourceUsage: process.resourceUsage(),
    };
    if (process.env.FOOTPRINT_SNAPSHOT) out.snapshot = v8.writeHeapSnapshot(`${dir}/${process.pid}.heapsnapshot`);
    writeFileSync(`${dir}/${process.pid}.json`, JSON.stringify(out));
  });
}
