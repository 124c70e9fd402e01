/** The results table (stdout) and the JSON file under bench/results/. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { root } from "./servers.js";

export interface Row {
  name: string;
  /** 2xx per second; undefined for rows that are not throughput. */
  rps?: number;
  p50?: number;
  p99?: number;
  /** The ratio, already computed, and what it is a ratio of. */
  ratio?: number;
  ratioText?: string;
  target?: string;
  met?: boolean;
  /** Errors, non-2xx answers, skipped measurements. */
  note?: string;
}

const fixed = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits));

export function formatTable(rows: Row[]): string {
  const header = ["name", "req/s", "p50 ms", "p99 ms", "ratio", "target", "met?", "notes"];
  const cells = rows.map((r) => [
    r.name,
    r.rps === undefined ? "–" : r.rps >= 100 ? r.rps.toFixed(0) : r.rps.toFixed(1),
    fixed(r.p50, r.p50 !== undefined && r.p50 >= 100 ? 0 : 1),
    fixed(r.p99, r.p99 !== undefined && r.p99 >= 100 ? 0 : 1),
    r.ratioText ?? fixed(r.ratio, 2),
    r.target ?? "",
    r.met === undefined ? "" : r.met ? "yes" : "NO",
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i >= 1 && i <= 4 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.map(line)].join("\n");
}

/** Writes bench/results/<YYYY-MM-DD>[.<tag>].json (quick runs: ….quick.json) and returns its path. */
export async function writeResults(results: Record<string, unknown>, quick: boolean, tag?: string): Promise<string> {
  const dir = join(root, "bench", "results");
  await mkdir(dir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const safeTag = tag?.replace(/[^\w.-]/g, "-");
  const path = join(dir, `${date}${safeTag ? `.${safeTag}` : ""}${quick ? ".quick" : ""}.json`);
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  return path;
}
