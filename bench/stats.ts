/** Percentiles over plain arrays (nearest rank). */
export interface LagStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function lagStats(values: number[]): LagStats {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99), max: list.at(-1) ?? NaN };
}
