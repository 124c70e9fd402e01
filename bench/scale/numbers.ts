/** Small arithmetic shared by the measurement, the trace and the report. */

export const stats = (xs: number[]) =>
  xs.length ? { mean: xs.reduce((a, b) => a + b, 0) / xs.length, max: Math.max(...xs), min: Math.min(...xs) } : { mean: 0, max: 0, min: 0 };
export const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

export function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length === 0 ? NaN : v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

export const perSecond = (r: Record<string, number>, s: number) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v / s, 1)]));
