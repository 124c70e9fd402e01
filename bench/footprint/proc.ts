/** What /proc says about processes: status and memory of a process, its descendants, its largest mappings; how busy the machine is. */
import { readdirSync, readFileSync } from "node:fs";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ProcSample {
  pid: number;
  ppid: number;
  comm: string;
  cmd: string;
  threads: number;
  rssKb: number;
  hwmKb: number;
  cpuMs: number;
  rollup: Record<string, number>;
}

export function readProc(pid: number): ProcSample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (n: string) => Number(new RegExp(`^${n}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const rollup: Record<string, number> = {};
    for (const line of readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").split("\n")) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m) rollup[m[1]!] = Number(m[2]);
    }
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return {
      pid,
      ppid: Number(f[1]),
      comm: /^\S+ \((.*)\)/.exec(stat)?.[1] ?? "?",
      cmd: cmd.length > 160 ? `${cmd.slice(0, 160)}…` : cmd,
      threads: field("Threads"),
      rssKb: field("VmRSS"),
      hwmKb: field("VmHWM"),
      cpuMs: (Number(f[11]) + Number(f[12])) * 10,
      rollup,
    };
  } catch {
    return undefined;
  }
}

/** The pid and all its descendants (from /proc/<pid>/stat). */
export function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, pp] of parent) if (pp === out[i]) out.push(pid);
  return out;
}

/** The largest mappings of a process by resident size, with a label. */
export function topMappings(pid: number, n = 8) {
  const text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  const maps: { range: string; name: string; sizeKb: number; rssKb: number; anonKb: number }[] = [];
  let cur: (typeof maps)[number] | undefined;
  for (const line of text.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = { range: `${head[1]}-${head[2]}`, name: head[3] || "[anon]", sizeKb: 0, rssKb: 0, anonKb: 0 };
      maps.push(cur);
      continue;
    }
    const m = /^(Size|Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (m && cur) cur[m[1] === "Size" ? "sizeKb" : m[1] === "Rss" ? "rssKb" : "anonKb"] = Number(m[2]);
  }
  // Group file mappings by file; keep anonymous regions separate (the WASM memory is one big region).
  const byName = new Map<string, { name: string; sizeKb: number; rssKb: number; anonKb: number; regions: number }>();
  const anonSmall = { name: "[anon <8MB regions]", sizeKb: 0, rssKb: 0, anonKb: 0, regions: 0 };
  for (const m of maps) {
    if (m.name === "[anon]" && m.rssKb < 8 * 1024) {
      anonSmall.sizeKb += m.sizeKb;
      anonSmall.rssKb += m.rssKb;
      anonSmall.anonKb += m.anonKb;
      anonSmall.regions++;
      continue;
    }
    const key = m.name === "[anon]" ? `[anon ${m.range}]` : m.name;
    const g = byName.get(key) ?? { name: key, sizeKb: 0, rssKb: 0, anonKb: 0, regions: 0 };
    g.sizeKb += m.sizeKb;
    g.rssKb += m.rssKb;
    g.anonKb += m.anonKb;
    g.regions++;
    byName.set(key, g);
  }
  return [...byName.values(), anonSmall].sort((a, b) => b.rssKb - a.rssKb).slice(0, n);
}

/** Waits (up to maxWaitMs) until the whole machine was less than `maxBusy` busy over one second; returns that share. */
export async function quiet(maxBusy = 0.25, maxWaitMs = 120_000): Promise<number> {
  const read = () => {
    const v = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3]! + v[4]!;
    const total = v.reduce((a, b) => a + b, 0);
    return { idle, total };
  };
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const a = read();
    await sleep(1000);
    const b = read();
    const busy = 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
    if (busy <= maxBusy || Date.now() > until) return Math.round(busy * 100) / 100;
  }
}
