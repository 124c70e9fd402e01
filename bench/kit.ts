/**
 * (kit): a 7-item kit through the real service (PGlite) — a knight's walk in 4 directions, a slime, a
 * grass-over-dirt tileset and four item icons, endesga-32, scale 32 — as one POST /api/v1/kits, against the
 * same 7 items made one by one with POST /api/v1/generate (the same bodies the kit makes, the same seeds), in
 * the same run. The two sides alternate `rounds` times (a new seed each round); the ratio is the median kit
 * time over the median sum of the seven. The service's CPU time per side is recorded too.
 * Goal: ≤ 1.1×.
 *   npx tsx bench/kit.ts [rounds]
 */
import type { Row } from "./report.js";
import { childCpuTimeMs, stopChild } from "./servers.js";
import { generateHeaders, startService } from "./service.js";

const SCALE = 32;
const PALETTE = "endesga-32";

interface Item {
  name: string;
  prompt: string;
  agentId: string;
  sheet?: { animations: string[]; directions: number };
  tileset?: { layout: string; terrains: string[] };
}

const items: Item[] = [
  { name: "knight", prompt: "knight with a sword", agentId: "pixel-sprite", sheet: { animations: ["walk"], directions: 4 } },
  { name: "slime", prompt: "green slime", agentId: "pixel-sprite" },
  { name: "ground", prompt: "grass over dirt", agentId: "texture", tileset: { layout: "wang-corner-16", terrains: ["grass", "dirt"] } },
  { name: "potion", prompt: "red health potion", agentId: "icon" },
  { name: "sword", prompt: "iron sword", agentId: "icon" },
  { name: "coin", prompt: "gold coin", agentId: "icon" },
  { name: "shield", prompt: "wooden shield", agentId: "icon" },
];

/** The kit's request: one scale, palette and transparency (the tileset stays opaque), item i drawn with seed + i. */
const kitBody = (seed: number) => ({ name: "meadow", scale: SCALE, palette: PALETTE, transparent: true, seed, items });

/** Item i as the kit makes it (src/domain/kits/kits.ts itemBody): the same size, palette, badge and seed. */
const itemBody = (item: Item, i: number, seed: number) => {
  const { name: _name, ...rest } = item;
  return { ...rest, width: SCALE, height: SCALE, badge: "none", palette: PALETTE, ...(item.tileset ? {} : { transparent: true }), seed: seed + i };
};

export interface KitBench {
  items: number;
  rounds: number;
  kitMs: number[];
  oneByOneMs: number[];
  kitCpuMs: number[];
  oneByOneCpuMs: number[];
  ratio: number;
  cpuRatio: number;
  frames: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function post(url: string, key: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${url}${path}`, { method: "POST", headers: generateHeaders(key), body: JSON.stringify(body) });
  const json = (await answer.json()) as Record<string, unknown>;
  if (answer.status !== 200) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

export async function runKitBench(rounds = 5): Promise<KitBench> {
  const service = await startService({ name: "kit", db: { kind: "pglite" } });
  try {
    const { url, key, child } = service;
    const kit = async (seed: number) => {
      const body = await post(url, key, "/api/v1/kits", kitBody(seed));
      const failed = (body.failed as unknown[] | undefined) ?? [];
      if (failed.length > 0) throw new Error(`the kit's items failed: ${JSON.stringify(failed).slice(0, 300)}`);
      return ((body.atlas as { layout?: { frames?: unknown[] } } | undefined)?.layout?.frames ?? []).length;
    };
    const oneByOne = async (seed: number) => {
      for (const [i, item] of items.entries()) await post(url, key, "/api/v1/generate", itemBody(item, i, seed));
    };
    // warm: the drawing threads, every agent, the kit's path
    await oneByOne(1_000);
    await kit(2_000);
    const result: KitBench = { items: items.length, rounds, kitMs: [], oneByOneMs: [], kitCpuMs: [], oneByOneCpuMs: [], ratio: 0, cpuRatio: 0, frames: 0 };
    const timed = async (work: () => Promise<unknown>, ms: number[], cpu: number[]) => {
      const cpu0 = await childCpuTimeMs(child);
      const t0 = performance.now();
      const out = await work();
      ms.push(performance.now() - t0);
      cpu.push((await childCpuTimeMs(child)) - cpu0);
      return out;
    };
    for (let r = 0; r < rounds; r++) {
      const seed = 10 * (r + 1);
      // alternate which side goes first, so neither always follows the other
      const sides = [
        async () => (result.frames = (await timed(() => kit(seed), result.kitMs, result.kitCpuMs)) as number),
        () => timed(() => oneByOne(seed), result.oneByOneMs, result.oneByOneCpuMs),
      ];
      if (r % 2) sides.reverse();
      for (const side of sides) await side();
    }
    result.ratio = median(result.kitMs) / median(result.oneByOneMs);
    result.cpuRatio = median(result.kitCpuMs) / Math.max(1, median(result.oneByOneCpuMs));
    return result;
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
}

export function kitRow(result: KitBench | { error: string }): Row {
  const name = "(kit) a 7-item kit at scale 32 (POST /api/v1/kits) / the same 7 items one by one (POST /api/v1/generate)";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  return {
    name,
    ratio: result.ratio,
    target: "≤ 1.1",
    met: result.ratio <= 1.1,
    note:
      `median of ${result.rounds}: kit ${Math.round(median(result.kitMs))} ms (${result.frames} atlas frames) vs ${Math.round(median(result.oneByOneMs))} ms; ` +
      `service CPU ${Math.round(median(result.kitCpuMs))} vs ${Math.round(median(result.oneByOneCpuMs))} ms (${result.cpuRatio.toFixed(2)}×)`,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runKitBench(Number(process.argv[2] ?? 5));
  console.log(JSON.stringify(result, null, 2));
  console.log(kitRow(result).ratio?.toFixed(2), kitRow(result).note);
}
