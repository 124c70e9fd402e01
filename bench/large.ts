/**
 * (large): the largest output a caller can ask for, a blob-47 tileset of 512 px tiles (3584 × 3584), made
 * through the real service (PGlite) while another account reads its balance every 25 ms. Measured: the
 * generation's time against the same tileset drawn in this process without the service (the drawing's own
 * cost), the service's peak memory against its memory at rest, and the other account's p99 during the
 * generation against its p99 at rest (the same probe, the same run).
 * Goals: the other account's p99 during it ≤ 1 s; peak memory ≤ 1.5 GB; the service's time ≤ 1.5× the drawing's.
 *   npx tsx bench/large.ts
 */
import { readFile } from "node:fs/promises";
import { draw } from "../src/agents/procedural/draw-task.js";
import type { Row } from "./report.js";
import { generateHeaders, signUpWithKey, startService } from "./service.js";
import { sleep, stopChild } from "./servers.js";

const request = { prompt: "grass", agentId: "texture", width: 512, height: 512, tileset: { layout: "blob-47", terrains: ["grass", "dirt"] }, seed: 7 };

export interface LargeBench {
  side: number;
  price: number;
  serviceMs: number;
  drawMs: number;
  restRssMb: number;
  peakRssMb: number;
  restP99Ms: number;
  duringP99Ms: number;
  probes: number;
  healthFailures: number;
}

const rssMb = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** Reads `url` with `key` every 25 ms until `until` settles: each read's latency; /healthz every 250 ms. */
async function probe(url: string, key: string, until: Promise<unknown>, pid: number) {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  let healthFailures = 0;
  let peak = await rssMb(pid);
  const reads = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await fetch(`${url}/api/v1/credits`, { headers: generateHeaders(key) });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`GET /api/v1/credits answered ${answer.status}`);
      latencies.push(performance.now() - started);
      peak = Math.max(peak, await rssMb(pid));
      await sleep(25);
    }
  })();
  const health = (async () => {
    while (!done) {
      const answer = await fetch(`${url}/healthz`);
      await answer.arrayBuffer();
      if (answer.status !== 200) healthFailures++;
      await sleep(250);
    }
  })();
  await Promise.all([reads, health, until.catch(() => undefined)]);
  return { latencies, healthFailures, peak };
}

export async function runLargeBench(): Promise<LargeBench> {
  const service = await startService({ name: "large", db: { kind: "pglite" } });
  try {
    const { url, origin, key } = service;
    const other = await signUpWithKey(url, origin);
    // warm: a small tileset (threads started), then the rest's memory and probe latency
    const small = await fetch(`${url}/api/v1/generate`, {
      method: "POST",
      headers: generateHeaders(key),
      body: JSON.stringify({ ...request, width: 64, height: 64 }),
    });
    if (small.status !== 200) throw new Error(`a 64 px tileset answered ${small.status}: ${(await small.text()).slice(0, 200)}`);
    await sleep(2_000);
    const restRssMb = await rssMb(service.child.pid);
    const rest = await probe(url, other.key, sleep(3_000), service.child.pid);

    const estimate = (await (
      await fetch(`${url}/api/v1/generate`, { method: "POST", headers: generateHeaders(key), body: JSON.stringify({ ...request, dryRun: true }) })
    ).json()) as { credits: { price: number } };
    const started = performance.now();
    const made = fetch(`${url}/api/v1/generate`, { method: "POST", headers: generateHeaders(key), body: JSON.stringify(request) }).then(async (answer) => {
      const body = (await answer.json()) as { assets?: { width: number }[] };
      if (answer.status !== 200) throw new Error(`the 3584² tileset answered ${answer.status}: ${JSON.stringify(body).slice(0, 200)}`);
      return { body, ms: performance.now() - started };
    });
    const during = await probe(url, other.key, made, service.child.pid);
    const { body, ms: serviceMs } = await made;

    const drawStarted = performance.now();
    await draw(
      { generator: "texture", prompt: { prompt: request.prompt }, width: 512, height: 512, transparent: false, seed: 7, tileset: request.tileset as never },
      () => undefined,
    );
    const drawMs = performance.now() - drawStarted;

    return {
      side: body.assets?.[0]?.width ?? 0,
      price: estimate.credits.price,
      serviceMs,
      drawMs,
      restRssMb,
      peakRssMb: during.peak,
      restP99Ms: p99(rest.latencies),
      duringP99Ms: p99(during.latencies),
      probes: during.latencies.length,
      healthFailures: during.healthFailures,
    };
  } finally {
    await stopChild(service.child);
    await service.cleanup();
  }
}

export function largeRow(result: LargeBench | { error: string }): Row {
  const name = "(large) a 3584² blob-47 tileset through the service: another account's p99 during it / at rest";
  if ("error" in result) return { name, note: result.error.slice(0, 80) };
  const ratio = result.duringP99Ms / Math.max(1, result.restP99Ms);
  const met = result.duringP99Ms <= 1_000 && result.peakRssMb <= 1_536 && result.serviceMs <= 1.5 * result.drawMs && result.healthFailures === 0;
  return {
    name,
    p99: result.duringP99Ms,
    ratio,
    target: "p99 ≤ 1 s, peak ≤ 1.5 GB, time ≤ 1.5× drawing, /healthz 200",
    met,
    note:
      `${result.side}² for ${result.price} credits in ${(result.serviceMs / 1000).toFixed(1)} s (drawing alone ${(result.drawMs / 1000).toFixed(1)} s); ` +
      `RSS ${Math.round(result.restRssMb)} → peak ${Math.round(result.peakRssMb)} MB; other account p99 ${Math.round(result.restP99Ms)} → ${Math.round(result.duringP99Ms)} ms over ${result.probes} reads` +
      (result.healthFailures ? `; /healthz failed ${result.healthFailures}×` : ""),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLargeBench();
  console.log(JSON.stringify(result, null, 2));
  console.log(largeRow(result).note);
}
