import { appendFileSync } from "node:fs";
let out;
export function initialize(data) {
  out = data.out;
}
export async function load(url, context, nextLoad) {
  const t = performance.now();
  const r = await nextLoad(url, context);
  const ms = performance.now() - t;
  const len = r.source == null ? 0 : typeof r.source === "string" ? r.source.length : r.source.byteLength;
  if (out) appendFileSync(out, `${JSON.stringify({ url, format: r.format, len, ms: Math.round(ms * 100) / 100, at: Math.round(t) })}\n`);
  return r;
}
