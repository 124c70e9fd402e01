/**
 * An open-loop load generator: requests start at evenly spaced instants (rate per second), whatever
 * the previous ones are doing, and each latency is measured from the instant it was DUE, so a slow
 * server (or a late client) cannot hide behind fewer requests (no coordinated omission).
 *
 * Why not only autocannon's `overallRate`: autocannon gives each connection a budget of requests
 * per wall-clock second, refilled by a 1 s interval per connection, so the connections fire together
 * at each second's start (a burst of ~rate requests, then silence), and its coordinated-omission
 * correction uses an expected interval of ceil(1/rate) = 1 ms (lib/run.js), i.e. it adds
 * `latency − 1` synthetic samples per request. Both are reported; see bench/README.md.
 */
import { Agent, request } from "node:http";
import { percentile } from "./stats.js";

export interface PacedSpec {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  rate: number;
  durationS: number;
}

export interface PacedResult {
  rate: number;
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** How late, at worst, a request left the client relative to its due time (ms). */
  maxSendDelay: number;
}

export async function runPaced(spec: PacedSpec): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(spec.rate * spec.durationS);
  const interval = 1000 / spec.rate;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let maxSendDelay = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    maxSendDelay = Math.max(maxSendDelay, performance.now() - due);
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = request(spec.url, { method: spec.method, headers: spec.headers, agent }, (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) ok++;
            else failed++;
            resolve();
          });
        });
        req.on("error", () => {
          failed++;
          resolve();
        });
        req.end(spec.body);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rate: spec.rate,
    sent: total,
    ok,
    failed,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    maxSendDelay,
  };
}
