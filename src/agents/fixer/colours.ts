/**
 * The fixed art's colours: near-duplicates merged (the same colour read through noise, JPEG or a
 * model's drift lands a little apart in every cell) and at most `max` kept, chosen from the cells.
 *
 * Greedy leader clustering in OKLab: colours by how many cells carry them, each joins the first
 * leader within `merge` or becomes a leader; every cluster then takes the mean of its members (the
 * noise averages out) and every cell the colour of its nearest leader. Too many leaders: `merge`
 * grows by a quarter and it starts again. Transparent cells (alpha < 128) are left alone.
 */
import { type Oklab, toOklab } from "../palette/oklab.js";
import type { RgbaImage } from "../pipeline/rgba.js";

export interface ClusterOptions {
  /** At most this many colours (1–256). Default 64. */
  max?: number;
  /** OKLab distance under which two colours are one. Default 0.04. */
  merge?: number;
}

interface Entry {
  key: number;
  count: number;
  lab: Oklab;
}

/** The opaque cells' colours with their counts, most frequent first. */
function histogram(image: RgbaImage): Entry[] {
  const counts = new Map<number, number>();
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] ?? 0) < 128) continue;
    const key = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([key, count]) => ({ key, count, lab: toOklab({ r: key >> 16, g: (key >> 8) & 255, b: key & 255 }) }))
    .sort((a, b) => b.count - a.count || a.key - b.key);
}

const d2 = (p: Oklab, q: Oklab): number => (p.L - q.L) ** 2 + (p.a - q.a) ** 2 + (p.b - q.b) ** 2;

/** Leader index of every histogram entry, with at most `max` leaders. */
function leaders(entries: Entry[], max: number, merge: number): { leader: Int32Array; count: number } {
  let threshold = merge;
  for (;;) {
    const lead: Oklab[] = [];
    const leader = new Int32Array(entries.length);
    let overflow = false;
    for (const [i, e] of entries.entries()) {
      let best = -1;
      let bestD = threshold * threshold;
      for (const [j, l] of lead.entries()) {
        const d = d2(e.lab, l);
        if (d <= bestD) {
          bestD = d;
          best = j;
        }
      }
      if (best < 0) {
        if (lead.length >= max) {
          overflow = true;
          break;
        }
        best = lead.length;
        lead.push(e.lab);
      }
      leader[i] = best;
    }
    if (!overflow) return { leader, count: lead.length };
    threshold *= 1.25;
  }
}

/** The image with its opaque colours merged to at most `max`; the colours used, as RGB. */
export function clusterColours(image: RgbaImage, options: ClusterOptions = {}): RgbaImage {
  const max = Math.max(1, Math.min(256, options.max ?? 64));
  const entries = histogram(image);
  if (entries.length === 0) return image;
  const { leader, count } = leaders(entries, max, options.merge ?? 0.04);
  // each cluster's colour: the count-weighted mean of its members
  const sums = new Float64Array(count * 4);
  for (const [i, e] of entries.entries()) {
    const k = (leader[i] ?? 0) * 4;
    sums[k]! += (e.key >> 16) * e.count;
    sums[k + 1]! += ((e.key >> 8) & 255) * e.count;
    sums[k + 2]! += (e.key & 255) * e.count;
    sums[k + 3]! += e.count;
  }
  const colourOf = new Map<number, number>();
  for (const [i, e] of entries.entries()) {
    const k = (leader[i] ?? 0) * 4;
    const n = sums[k + 3] ?? 1;
    colourOf.set(e.key, (Math.round((sums[k] ?? 0) / n) << 16) | (Math.round((sums[k + 1] ?? 0) / n) << 8) | Math.round((sums[k + 2] ?? 0) / n));
  }
  const out = Buffer.from(image.data);
  for (let i = 0; i < out.length; i += 4) {
    if ((out[i + 3] ?? 0) < 128) continue;
    const c = colourOf.get(((out[i] ?? 0) << 16) | ((out[i + 1] ?? 0) << 8) | (out[i + 2] ?? 0)) ?? 0;
    out[i] = c >> 16;
    out[i + 1] = (c >> 8) & 255;
    out[i + 2] = c & 255;
  }
  return { data: out, width: image.width, height: image.height };
}
