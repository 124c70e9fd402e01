/** The benchmark's settings, from the environment (bench/scale.ts lists them), and its configurations. */
import { root } from "../servers.js";

export const quick = process.env.BENCH_QUICK === "1";
export const durationS = Number(process.env.BENCH_DURATION_S ?? (quick ? 3 : 10));
export const warmupS = Number(process.env.SCALE_WARMUP_S ?? (quick ? 1 : 5));
export const connections = Number(process.env.SCALE_CONNECTIONS ?? process.env.BENCH_CONNECTIONS ?? 32);
export const defaultAccounts = Number(process.env.SCALE_ACCOUNTS ?? 8);
export const rounds = Number(process.env.SCALE_ROUNDS ?? (quick ? 1 : 2));
export const workerConcurrency = process.env.SCALE_WORKER_CONCURRENCY ?? "2";
export const traceOn = process.env.SCALE_TRACE !== "0";
export const traceGenerations = Number(process.env.SCALE_TRACE_GENERATIONS ?? (quick ? 30 : 100));
export const pgServer = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
/** SCALE_TSX=1: run src/main.ts and src/worker.ts through tsx instead of the compiled dist/ that `npm start` and `npm run worker` run. */
export const fromSources = process.env.SCALE_TSX === "1";

export interface Config {
  n: number;
  w: number;
  accounts: number;
  /** WORKER_CONCURRENCY of the workers. */
  concurrency: number;
  label: string;
}

export function parseConfigs(): Config[] {
  const text = process.env.SCALE_CONFIGS ?? "1x1,2x2,4x4";
  return text.split(",").map((raw) => {
    const m = /^(\d+)x(\d+)(?:a(\d+))?(?:c(\d+))?$/.exec(raw.trim());
    if (!m) throw new Error(`SCALE_CONFIGS: "${raw}" is not NxW[aS][cK]`);
    const accounts = m[3] ? Number(m[3]) : defaultAccounts;
    if (accounts < 1 || accounts > 20) throw new Error("accounts: 1–20 (sign-ups are limited to 20 per hour per address)");
    return { n: Number(m[1]), w: Number(m[2]), accounts, concurrency: m[4] ? Number(m[4]) : Number(workerConcurrency), label: raw.trim() };
  });
}

export type Log = (line: string) => void;
export const defaultLog: Log = (line) => process.stdout.write(`${line}\n`);

/**
 * The service the processes run: the working tree, or SCALE_SOURCE's commit unpacked elsewhere
 * (deploy.ts, prepareSource).
 */
export const service: { dir: string; commit?: string } = { dir: root };
