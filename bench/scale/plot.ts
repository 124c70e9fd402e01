/** The plot of the W = N runs: throughput, latency and CPU per generation against N. */
import { cpus } from "node:os";
import type { Run } from "./measure.js";
import { median } from "./numbers.js";
import { defaultAccounts, workerConcurrency } from "./settings.js";

export const plotTitle = "Scale-out: POST /api/v1/generate (pixel-sprite 64×64, one-shot), N API processes + N workers, one PostgreSQL, one Redis";
export const plotSubtitle = (date: string, conns: number, seconds: number) =>
  `${date} · ${cpus().length} cores shared by everything (API, workers, PostgreSQL, Redis, autocannon, other sessions' tests) · ${conns} connections · ${defaultAccounts} accounts · WORKER_CONCURRENCY ${workerConcurrency} · ${seconds} s per run`;

/** The plotted series: W = N, the default accounts and concurrency. */
export const isMain = (r: Run) => r.config.w === r.config.n && r.config.accounts === defaultAccounts && r.config.concurrency === Number(workerConcurrency);

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function plotSvg(runs: Run[], title: string, subtitle: string): string {
  const W = 1560;
  const H = 600;
  const font = "DejaVu Sans, sans-serif";
  const main = runs.filter(isMain);
  const ns = [...new Set(main.map((r) => r.config.n))].sort((a, b) => a - b);
  const byN = ns.map((n) => ({ n, runs: main.filter((r) => r.config.n === n) }));
  const parts: string[] = [];
  const text = (x: number, y: number, t: string, o: { size?: number; anchor?: string; fill?: string; weight?: string } = {}) =>
    parts.push(
      `<text x="${x}" y="${y}" font-family="${font}" font-size="${o.size ?? 12}" text-anchor="${o.anchor ?? "start"}" fill="${o.fill ?? "#000"}"${o.weight ? ` font-weight="${o.weight}"` : ""}>${escapeXml(t)}</text>`,
    );
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  text(W / 2, 30, title, { size: 20, anchor: "middle", weight: "bold" });
  text(W / 2, 54, subtitle, { size: 13, anchor: "middle", fill: "#444" });

  const y0 = 100;
  const h = 330;
  const w = 400;
  const axes = (x0: number, yMax: number, yLabel: string, panelTitle: string) => {
    const ys = (v: number) => y0 + h - (v / yMax) * h;
    const tick = niceStep(yMax / 5);
    for (let v = 0; v <= yMax + 1e-9; v += tick) {
      parts.push(`<line x1="${x0}" y1="${ys(v)}" x2="${x0 + w}" y2="${ys(v)}" stroke="#e4e4e4"/>`);
      text(x0 - 8, ys(v) + 4, String(Math.round(v)), { anchor: "end" });
    }
    parts.push(
      `<line x1="${x0}" y1="${y0 + h}" x2="${x0 + w}" y2="${y0 + h}" stroke="#333"/><line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y0 + h}" stroke="#333"/>`,
    );
    text(x0 + w / 2, y0 - 14, panelTitle, { size: 14, anchor: "middle", weight: "bold" });
    parts.push(
      `<text transform="translate(${x0 - 46} ${y0 + h / 2}) rotate(-90)" font-family="${font}" font-size="13" text-anchor="middle">${escapeXml(yLabel)}</text>`,
    );
    const xs = (n: number) => x0 + ((ns.indexOf(n) + 0.5) / ns.length) * w;
    for (const n of ns) {
      text(xs(n), y0 + h + 20, `N = ${n}`, { size: 13, anchor: "middle" });
      text(xs(n), y0 + h + 36, `${n} API + ${n} worker${n > 1 ? "s" : ""}`, { size: 11, anchor: "middle", fill: "#555" });
    }
    return { xs, ys };
  };
  const legend = (x0: number, items: { name: string; color: string; dash?: string; box?: boolean }[]) => {
    let ly = y0 + 10;
    for (const it of items) {
      if (it.box) parts.push(`<rect x="${x0 + 12}" y="${ly - 7}" width="22" height="12" fill="${it.color}"/>`);
      else
        parts.push(
          `<line x1="${x0 + 10}" y1="${ly}" x2="${x0 + 36}" y2="${ly}" stroke="${it.color}" stroke-width="2.5"${it.dash ? ` stroke-dasharray="${it.dash}"` : ""}/>`,
        );
      text(x0 + 42, ly + 4, it.name);
      ly += 17;
    }
  };
  const line = (pts: { x: number; y: number }[], color: string, dash?: string) =>
    parts.push(
      `<path d="${pts.map((p, i) => `${i ? "L" : "M"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`,
    );

  // 1. Throughput.
  {
    const x0 = 90;
    const rps = byN.map((b) => ({ n: b.n, y: median(b.runs.map((r) => r.rps)) }));
    const base = rps[0]?.y ?? 0;
    const yMax = niceCeil(Math.max(...main.map((r) => r.rps), base * 2) * 1.25);
    const { xs, ys } = axes(x0, yMax, "generations per second (2xx answers)", "Throughput");
    line(
      ns.map((n) => ({ x: xs(n), y: ys(Math.min(yMax, (base * n) / (ns[0] ?? 1))) })),
      "#999",
      "6 5",
    );
    line(
      rps.map((p) => ({ x: xs(p.n), y: ys(p.y) })),
      "#1f6fb4",
    );
    for (const r of main) parts.push(`<circle cx="${xs(r.config.n)}" cy="${ys(r.rps)}" r="3.5" fill="none" stroke="#1f6fb4" stroke-width="1.3"/>`);
    for (const p of rps) {
      parts.push(`<circle cx="${xs(p.n)}" cy="${ys(p.y)}" r="5" fill="#1f6fb4"/>`);
      text(xs(p.n) + 9, ys(p.y) - 8, p.y.toFixed(1), { weight: "bold", fill: "#1f6fb4" });
    }
    legend(x0, [
      { name: "median of rounds (rings: each round)", color: "#1f6fb4" },
      { name: "N × median at N = 1 (linear scaling)", color: "#999", dash: "6 5" },
    ]);
    for (const b of byN) {
      const ours = median(b.runs.map((r) => r.cores.api + r.cores.worker + r.cores.postgresBackends + r.cores.redis + r.cores.loadGenerator));
      const others = median(b.runs.map((r) => r.cores.others));
      text(xs(b.n), y0 + h + 56, `ours ${ours.toFixed(2)} · others ${others.toFixed(2)}`, { size: 11, anchor: "middle", fill: "#8a4b00" });
    }
    text(x0 + w / 2, y0 + h + 74, "cores used (of 2) during the run: this stack vs other sessions", { size: 11, anchor: "middle", fill: "#8a4b00" });
  }
  // 2. Latency.
  {
    const x0 = 600;
    const yMax = niceCeil(Math.max(...main.map((r) => r.p99)) * 1.12);
    const { xs, ys } = axes(x0, yMax, "latency, ms (32 connections, closed loop)", "Latency");
    for (const [key, color] of [
      ["p99", "#c0392b"],
      ["p50", "#27864a"],
    ] as const) {
      const pts = byN.map((b) => ({ n: b.n, y: median(b.runs.map((r) => r[key])) }));
      line(
        pts.map((p) => ({ x: xs(p.n), y: ys(p.y) })),
        color,
      );
      for (const r of main) parts.push(`<circle cx="${xs(r.config.n)}" cy="${ys(r[key])}" r="3.5" fill="none" stroke="${color}" stroke-width="1.3"/>`);
      for (const p of pts) {
        parts.push(`<circle cx="${xs(p.n)}" cy="${ys(p.y)}" r="5" fill="${color}"/>`);
        text(xs(p.n) + 9, ys(p.y) - 8, String(Math.round(p.y)), { weight: "bold", fill: color });
      }
    }
    legend(x0, [
      { name: "p99 (median of rounds; rings: each round)", color: "#c0392b" },
      { name: "p50", color: "#27864a" },
    ]);
    text(x0 + w / 2, y0 + h + 56, "p99 ≈ time queued in BullMQ (fairness priority, 200 ms", { size: 11, anchor: "middle", fill: "#555" });
    text(x0 + w / 2, y0 + h + 70, "retry of jobs fetched before their reservation committed)", { size: 11, anchor: "middle", fill: "#555" });
  }
  // 3. CPU per generation by component.
  {
    const x0 = 1110;
    const comps = [
      { key: "api", name: "API processes", color: "#1f6fb4" },
      { key: "worker", name: "workers (incl. drawing thread)", color: "#e08a1e" },
      { key: "postgresBackends", name: "PostgreSQL backends", color: "#5a9e4b" },
      { key: "redis", name: "Redis", color: "#c0392b" },
      { key: "loadGenerator", name: "autocannon", color: "#999" },
    ] as const;
    const per = byN.map((b) => ({
      n: b.n,
      v: Object.fromEntries(comps.map((c) => [c.key, median(b.runs.map((r) => r.cpuMsPerRequest[c.key]))])) as Record<string, number>,
    }));
    const totals = per.map((p) => comps.reduce((s, c) => s + p.v[c.key]!, 0));
    const yMax = niceCeil(Math.max(...totals) * 1.3);
    const { xs, ys } = axes(x0, yMax, "CPU ms per generation", "CPU per generation");
    const bw = 56;
    per.forEach((p, i) => {
      let acc = 0;
      for (const c of comps) {
        const v = p.v[c.key]!;
        parts.push(`<rect x="${xs(p.n) - bw / 2}" y="${ys(acc + v)}" width="${bw}" height="${Math.max(0, ys(acc) - ys(acc + v))}" fill="${c.color}"/>`);
        acc += v;
      }
      text(xs(p.n), ys(acc) - 6, `${totals[i]!.toFixed(1)} ms`, { anchor: "middle", weight: "bold" });
    });
    legend(
      x0,
      comps.map((c) => ({ name: c.name, color: c.color, box: true })),
    );
    text(x0 + w / 2, y0 + h + 56, "medians of rounds; CPU time from /proc (Redis: INFO cpu)", { size: 11, anchor: "middle", fill: "#555" });
  }
  text(
    W / 2,
    H - 20,
    "2 cores: beyond 2 busy processes the added processes share the same cores (contention), so the curve shows the machine, not the design's ceiling.",
    { size: 12, anchor: "middle", fill: "#333" },
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(x, 1e-9)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}
function niceCeil(x: number): number {
  const step = niceStep(x / 5);
  return Math.ceil(x / step) * step;
}
