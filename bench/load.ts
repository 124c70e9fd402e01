/** The load generator: autocannon, run in this process (it shares the 2 cores with the server). */
import autocannon from "autocannon";

export interface LoadSpec {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
  /** Requests per second over all connections (latency is then corrected for coordinated omission). */
  overallRate?: number;
}

export interface LoadResult {
  /** 2xx responses per second. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
  connections: number;
  overallRate?: number;
}

/** A load result plus what it cost: server CPU per answered request, and how busy the machine was. */
export type Measured = LoadResult & { serverCpuMsPerRequest: number; serverCores: number; benchCores: number; machineBusy: number; loadavg: string };

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? "GET",
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
    connections: spec.connections,
    duration: spec.durationS,
    pipelining: 1,
    timeout: 30,
    // autocannon's correction for a rate uses an expected interval of ceil(1/rate) ms = 1 ms (see
    // bench/paced.ts): it would add `latency − 1` synthetic samples per request. Off; bench/paced.ts
    // measures the paced latency properly.
    ...(spec.overallRate === undefined ? {} : { overallRate: spec.overallRate, ignoreCoordinatedOmission: true }),
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    rps: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationS: result.duration,
    connections: spec.connections,
    ...(spec.overallRate === undefined ? {} : { overallRate: spec.overallRate }),
  };
}

/** A short warm-up (discarded), then the measurement. */
export async function measure(spec: LoadSpec, warmupS: number): Promise<LoadResult> {
  if (warmupS > 0) await runLoad({ ...spec, durationS: warmupS });
  return runLoad(spec);
}
