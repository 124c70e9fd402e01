import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api";
import type { Usage } from "../contract";
import { useSession } from "../state";
import { ErrorNote } from "../ui/error-note";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const days = 30;
const colours = ["#7c5cff", "#38d5ee", "#3ddc97", "#ffc25c", "#ff6b7a", "#9b82ff", "#c3c9d8", "#f59fd1"];

interface Series {
  label: string;
  credits: number[];
}

/** The last `days` UTC days, oldest first (`2026-11-01`). */
function dayLabels(now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days + 1 }, (_, i) => new Date(today - (days - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Usage rows as one series per key (or agent), a value per day (0 where nothing was spent). */
function toSeries(usage: Usage, labels: string[], name: (id: string | null) => string, splitBy: "key" | "agent"): Series[] {
  const byId = new Map<string | null, number[]>();
  for (const row of usage.rows) {
    const id = (splitBy === "key" ? row.keyId : row.agentId) ?? null;
    const index = labels.indexOf(row.day ?? "");
    if (index < 0) continue;
    const values = byId.get(id) ?? labels.map(() => 0);
    values[index] = (values[index] ?? 0) + row.credits;
    byId.set(id, values);
  }
  return [...byId].map(([id, credits]) => ({ label: name(id), credits }));
}

/**
 * Credits per day over the last 30 days, split by API key or by agent (a stacked bar chart drawn
 * with Chart.js, bundled by the web build), from GraphQL `usage`, which always equals the ledger.
 * A table with the same numbers is there for screen readers.
 */
export function UsageChart() {
  const session = useSession();
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const [splitBy, setSplitBy] = useState<"key" | "agent">("key");
  const [series, setSeries] = useState<Series[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const labels = dayLabels();

  useEffect(() => {
    let live = true;
    (async () => {
      const [usage, keys] = await Promise.all([api.usage(days, splitBy), splitBy === "key" ? api.apiKeys() : Promise.resolve([])]);
      const keyName = new Map(keys.map((k) => [k.id, k.name]));
      const agentName = new Map(session.agents.map((a) => [a.id, a.name]));
      const name = (id: string | null) =>
        splitBy === "key" ? (id === null ? "Web app" : (keyName.get(id) ?? `Key ${id.slice(0, 8)}…`)) : id === null ? "Other" : (agentName.get(id) ?? id);
      if (live) setSeries(toSeries(usage, labels, name, splitBy));
    })().catch((caught) => live && setError(caught));
    return () => {
      live = false;
    };
  }, [splitBy]);

  useEffect(() => {
    if (!canvas.current || !series) return;
    chart.current?.destroy();
    chart.current = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: labels.map((d) => d.slice(5)),
        datasets: series.map((s, i) => ({ label: s.label, data: s.credits, backgroundColor: colours[i % colours.length], borderRadius: 3 })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: { color: "#8a93a9", maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
          y: { stacked: true, beginAtZero: true, ticks: { color: "#8a93a9", precision: 0 }, grid: { color: "#262c3d" } },
        },
        plugins: { legend: { labels: { color: "#c3c9d8", boxWidth: 12 } } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [series]);

  const total = series?.reduce((sum, s) => sum + s.credits.reduce((a, b) => a + b, 0), 0) ?? 0;
  return (
    <div class="card usage-card" data-testid="usage-chart" data-total={series ? String(total) : undefined}>
      <div class="table-head">
        <h2>Credits per day</h2>
        <label class="usage-split">
          Split by
          <select value={splitBy} onChange={(e) => setSplitBy(e.currentTarget.value as "key" | "agent")} aria-label="Split usage by">
            <option value="key">API key</option>
            <option value="agent">Agent</option>
          </select>
        </label>
      </div>
      {error ? <ErrorNote error={error} /> : null}
      <div class="usage-canvas">
        <canvas ref={canvas} role="img" aria-label={`Credits spent per day over the last ${days} days: ${total.toLocaleString("en-US")} in all`} />
      </div>
      {series && series.length === 0 ? <p class="muted pad">Nothing spent in the last {days} days.</p> : null}
      <table class="visually-hidden">
        <caption>Credits per day by {splitBy === "key" ? "API key" : "agent"}</caption>
        <tbody>
          {series?.flatMap((s) =>
            s.credits.flatMap((credits, i) =>
              credits === 0
                ? []
                : [
                    <tr key={`${s.label}-${i}`}>
                      <td>{labels[i]}</td>
                      <td>{s.label}</td>
                      <td>{credits}</td>
                    </tr>,
                  ],
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
