/** The load: autocannon against the API processes, every request on the next account. */
import autocannon from "autocannon";
import { generateBody } from "../service.js";
import { connections } from "./settings.js";

export interface Load {
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  durationS: number;
}

export async function load(urls: string[], keys: string[], seconds: number): Promise<Load> {
  // Connection i goes to urls[i % urls.length] (autocannon's round-robin over several URLs); every
  // request, whatever its connection, takes the next account, so each account has about
  // connections / accounts calls in flight (a per-connection list would start every connection on
  // the first account: a burst the queue's fairness rightly puts last).
  let next = 0;
  const requests = [
    {
      method: "POST",
      path: "/api/v1/generate",
      body: generateBody,
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        headers: { authorization: `Bearer ${keys[next++ % keys.length]}`, "content-type": "application/json" },
      }),
    },
  ];
  const options = { url: urls.map((u) => `${u}/api/v1/generate`), method: "POST", connections, duration: seconds, pipelining: 1, timeout: 30, requests };
  const run = autocannon as unknown as (o: typeof options) => Promise<{
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats?: Record<string, { count: number }>;
    latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  }>;
  const r = await run(options);
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  // Only 200 is a finished generation; a 202 (the one-shot wait expired) is counted with the failures.
  const ok = statusCodes["200"] ?? 0;
  return {
    rps: ok / r.duration,
    ok,
    non2xx: r.non2xx + (r["2xx"] - ok),
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: r.latency.mean,
    durationS: r.duration,
  };
}
