/**
 * (uploads) Ten 4096 × 4096 uploads at once against one embedded service, while another account reads a small
 * asset in a loop: that account's read latency, the process's RSS growth, and RSS 10 s after.
 * Goals (issue 41): the other account's p99 < 300 ms; growth < 400 MB.
 *   npx tsx bench/uploads.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
const port = 3931,
  B = `http://localhost:${port}`;
const dir = mkdtempSync(join(tmpdir(), "bench-uploads-"));
const child = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: new URL("..", import.meta.url).pathname,
  env: { ...process.env, PORT: String(port), DATA_DIR: dir, RATE_LIMIT_GENERATE_PER_MINUTE: "1000", LOG_LEVEL: "warn" },
  stdio: "inherit",
});
const rss = (): number => Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;
for (let i = 0; i < 100; i++) {
  if (
    await fetch(`${B}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 300));
}
async function keyFor(email: string): Promise<string> {
  const h = { "content-type": "application/json", origin: B };
  const r = await fetch(`${B}/api/auth/sign-up`, { method: "POST", headers: h, body: JSON.stringify({ email, password: "correct horse" }) });
  const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const k = await fetch(`${B}/api/keys`, { method: "POST", headers: { ...h, cookie }, body: JSON.stringify({ name: "k", scopes: ["generate", "read"] }) });
  return ((await k.json()) as { secret: string }).secret;
}
const a = await keyFor("a@example.com"),
  b = await keyFor("b@example.com");
// a 4096 × 4096 picture: a smooth gradient with noise, as JPEG (about the size a photo is)
const w = 4096,
  raw = Buffer.alloc(w * w * 3);
for (let i = 0; i < w * w; i++) {
  const x = i % w,
    y = (i / w) | 0;
  raw[i * 3] = x >> 4;
  raw[i * 3 + 1] = y >> 4;
  raw[i * 3 + 2] = (x * 7 + y * 13 + ((i * 2654435761) >>> 27)) & 255;
}
const jpeg = await sharp(raw, { raw: { width: w, height: w, channels: 3 } })
  .jpeg({ quality: 85 })
  .toBuffer();
console.log("file", (jpeg.length / 1048576).toFixed(1), "MiB");
// b's small asset, read meanwhile
const small = (await (
  await fetch(`${B}/api/v1/generate`, {
    method: "POST",
    headers: { authorization: `Bearer ${b}`, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "red potion", agentId: "icon", width: 64, height: 64 }),
  })
).json()) as { assets: { url: string }[] };
const url = `${B}${small.assets[0]?.url}`;
const before = rss();
let peak = before,
  stop = false;
const lat: number[] = [];
const reader = (async () => {
  while (!stop) {
    const t = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${b}` } });
    await r.arrayBuffer();
    lat.push(performance.now() - t);
    peak = Math.max(peak, rss());
  }
})();
const t0 = performance.now();
const results = await Promise.all(
  Array.from({ length: 10 }, () =>
    fetch(`${B}/api/v1/uploads`, { method: "POST", headers: { authorization: `Bearer ${a}`, "content-type": "image/jpeg" }, body: new Uint8Array(jpeg) }).then(
      async (r) => [r.status, ((await r.json()) as { asset?: { width: number } }).asset?.width],
    ),
  ),
);
const took = performance.now() - t0;
stop = true;
await reader;
lat.sort((x, y) => x - y);
const q = (p: number): string => (lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? 0).toFixed(0);
console.log("uploads", JSON.stringify(results), "in", (took / 1000).toFixed(1), "s");
console.log("other account: reads", lat.length, "p50", q(0.5), "ms p99", q(0.99), "ms max", (lat.at(-1) ?? 0).toFixed(0), "ms");
console.log("rss before", before.toFixed(0), "MB peak", peak.toFixed(0), "MB growth", (peak - before).toFixed(0), "MB");
await new Promise((r) => setTimeout(r, 10000));
console.log("rss 10 s after", rss().toFixed(0), "MB");
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
rmSync(dir, { recursive: true, force: true });
