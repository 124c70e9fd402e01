/** Starting a deployment: N API processes and W workers on a new database and a Redis prefix of their own, with accounts and keys. */
import { execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createDatabase } from "../pg.js";
import { redisUrl } from "../redis.js";
import { freePort, root, startChild } from "../servers.js";
import { generateBody, serviceEnv, signUpWithKey } from "../service.js";
import { dbName } from "./probes.js";
import { apiProc, startWorker, type Proc } from "./processes.js";
import { fromSources, service, type Config, type Log } from "./settings.js";

/**
 * SCALE_SOURCE=<commit>: the service of that commit instead of the working tree, which other
 * sessions may be editing while the benchmark runs (a half-done change would be measured, or break
 * a run). Read-only for the repository: `git archive` into a temporary folder, with this tree's
 * generated Prisma client, web build and node_modules, built there once.
 */
export async function prepareSource(log: Log): Promise<void> {
  const spec = process.env.SCALE_SOURCE;
  if (!spec) return;
  if (fromSources) throw new Error("SCALE_SOURCE and SCALE_TSX do not go together");
  const sha = execSync(`git rev-parse --verify ${JSON.stringify(`${spec}^{commit}`)}`, { cwd: root, encoding: "utf8" }).trim();
  const dir = join(tmpdir(), `scale-src-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, ".ready"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, shell: "/bin/bash" });
    cpSync(join(root, "src", "generated"), join(dir, "src", "generated"), { recursive: true });
    if (existsSync(join(root, "web", "dist"))) cpSync(join(root, "web", "dist"), join(dir, "web", "dist"), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    execSync("node scripts/build.mjs", { cwd: dir, stdio: "ignore" });
    writeFileSync(join(dir, ".ready"), sha);
  }
  try {
    execSync(`git diff --quiet ${sha} -- prisma/schema.prisma`, { cwd: root });
  } catch {
    log(`  note: prisma/schema.prisma differs from ${sha.slice(0, 8)}: the generated client of the working tree may not fit`);
  }
  service.dir = dir;
  service.commit = sha;
  log(`Service from commit ${sha.slice(0, 10)} (${dir}), not the working tree.`);
}

/** What `npm start` / `npm run worker` run: dist/, built here once (not by N processes at once) when src/ changed. */
async function buildIfStale(log: Log): Promise<void> {
  const build = (await import(pathToFileURL(join(root, "scripts", "build.mjs")).href)) as {
    isStale(): boolean;
    buildService(): Promise<{ files: number; ms: number }>;
  };
  if (build.isStale()) {
    const { files, ms } = await build.buildService();
    log(`  built ${files} files into dist/ in ${Math.round(ms)} ms (src/ changed)`);
  }
}

export interface Deployment {
  dbUrl: string;
  prefix: string;
  procs: Proc[];
  apis: Proc[];
  keys: string[];
  accountIds: string[];
  stop(): Promise<void>;
}

export async function deploy(
  cfg: { n: number; w: number; accounts: number; concurrency: number; tag: string; apiDbUrl?: (db: string) => string; workerDbUrl?: (db: string) => string },
  log: Log,
): Promise<Deployment> {
  if (!fromSources && service.dir === root) await buildIfStale(log);
  const dbUrl = await createDatabase(cfg.tag);
  const prefix = `bs${Date.now().toString(36)}${cfg.tag.replace(/[^a-z0-9]/gi, "")}`.slice(0, 32);
  const procs: Proc[] = [];
  const stop = async () => {
    await Promise.all(procs.map((p) => p.stop().catch(() => undefined)));
  };
  try {
    const envFor = (port: number, url: string) => ({
      ...serviceEnv(port),
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      RUN_JOBS: "false",
      WORKER_CONCURRENCY: String(cfg.concurrency),
    });
    const apiUrl = cfg.apiDbUrl ? cfg.apiDbUrl(dbName(dbUrl)) : dbUrl;
    const workerUrl = cfg.workerDbUrl ? cfg.workerDbUrl(dbName(dbUrl)) : dbUrl;
    const startApi = async (i: number) => {
      const port = await freePort();
      return apiProc(
        await startChild({
          name: `api-${i + 1}`,
          script: fromSources ? "src/main.ts" : `${join(service.dir, "scripts", "start.mjs")} service`,
          port,
          env: envFor(port, apiUrl),
        }),
      );
    };
    // The first process applies the migrations; the others start together.
    procs.push(await startApi(0));
    const rest = await Promise.allSettled([
      ...Array.from({ length: cfg.n - 1 }, (_, i) => startApi(i + 1)),
      ...Array.from({ length: cfg.w }, (_, i) => startWorker(`worker-${i + 1}`, envFor(0, workerUrl))),
    ]);
    for (const r of rest) if (r.status === "fulfilled") procs.push(r.value);
    const failed = rest.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    procs.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, "en", { numeric: true }) : a.kind === "api" ? -1 : 1));
    const apis = procs.filter((p) => p.kind === "api");
    const first = apis[0]!;
    const keys: string[] = [];
    const accountIds: string[] = [];
    for (let i = 0; i < cfg.accounts; i++) {
      const { key, accountId } = await signUpWithKey(first.url!, `http://localhost:${first.port}`);
      keys.push(key);
      accountIds.push(accountId);
    }
    log(
      `  started ${apis.length} API + ${procs.length - apis.length} worker processes, ${cfg.accounts} accounts, database ${dbName(dbUrl)}, REDIS_PREFIX ${prefix}`,
    );
    return { dbUrl, prefix, procs, apis, keys, accountIds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Rounds of concurrent one-shot calls: 2 × W × WORKER_CONCURRENCY at once, over every API process and account. Returns the 200s and 202s. */
export async function prewarmAll(d: Deployment, cfg: Config): Promise<{ ok: number; accepted: number }> {
  const width = Math.max(4, 2 * cfg.w * cfg.concurrency);
  let ok = 0;
  let accepted = 0;
  for (let r = 0; r < 3; r++) {
    const answers = await Promise.all(
      Array.from({ length: width }, async (_, i) => {
        const api = d.apis[i % d.apis.length]!;
        const response = await fetch(`${api.url}/api/v1/generate`, {
          method: "POST",
          headers: { authorization: `Bearer ${d.keys[i % d.keys.length]}`, "content-type": "application/json" },
          body: generateBody,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    ok += answers.filter((s) => s === 200).length;
    accepted += answers.filter((s) => s === 202).length;
    // 202: the one-shot wait ended before the generation did (it finishes anyway).
    if (answers.some((s) => s !== 200 && s !== 202)) throw new Error(`pre-warm: answers ${answers.join(", ")}`);
  }
  return { ok, accepted };
}
