/**
 * Packing rectangles into atlas pages: MaxRects with the best-short-side-fit rule (Jukka Jylänki,
 * "A Thousand Ways to Pack the Bin", 2010), no rotation. Pure: sizes in, positions out.
 *
 * Each rectangle takes a cell of (w + 2·extrude + padding) × (h + 2·extrude + padding) in a bin
 * that starts `padding` pixels from the page's top-left corner, so there are `padding` pixels
 * between any two frames' extruded edges and between a frame and the page's border. A page is as
 * small as the search finds (the bounding box of what it holds, rounded up to powers of two when
 * asked), at most `maxSize` on a side; what does not fit goes on the next page.
 */

export interface PackItem {
  w: number;
  h: number;
  /** Pixels of edge repeated outward (tiles); 0 for sprites. */
  extrude?: number;
}

export interface PackOptions {
  maxSize: number;
  padding: number;
  powerOfTwo: boolean;
}

/** Where item `index` of the input went: its frame (without the extrusion) on `page`. */
export interface PackedRect {
  index: number;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PackResult {
  pages: { width: number; height: number }[];
  rects: PackedRect[];
}

/** An item larger than a page can hold: the caller names it in its error. */
export class PackTooLargeError extends Error {
  constructor(
    readonly index: number,
    readonly maxSize: number,
  ) {
    super(`item ${index} does not fit on a ${maxSize}×${maxSize} page`);
  }
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Cell {
  index: number;
  w: number;
  h: number;
}

/** One bin of `width` × `height`: places cells by best short side fit, keeps the maximal free rectangles. */
class MaxRectsBin {
  private free: Rect[];

  constructor(width: number, height: number) {
    this.free = [{ x: 0, y: 0, w: width, h: height }];
  }

  /** Places a w × h cell, or answers undefined when no free rectangle holds it. */
  insert(w: number, h: number): Rect | undefined {
    let best: Rect | undefined;
    let bestShort = Number.POSITIVE_INFINITY;
    let bestLong = Number.POSITIVE_INFINITY;
    for (const f of this.free) {
      if (f.w < w || f.h < h) continue;
      const dw = f.w - w;
      const dh = f.h - h;
      const short = Math.min(dw, dh);
      const long = Math.max(dw, dh);
      if (short < bestShort || (short === bestShort && long < bestLong)) {
        best = f;
        bestShort = short;
        bestLong = long;
      }
    }
    if (!best) return undefined;
    const placed = { x: best.x, y: best.y, w, h };
    this.split(placed);
    return placed;
  }

  private split(used: Rect): void {
    const next: Rect[] = [];
    for (const f of this.free) {
      if (used.x >= f.x + f.w || used.x + used.w <= f.x || used.y >= f.y + f.h || used.y + used.h <= f.y) {
        next.push(f);
        continue;
      }
      if (used.x > f.x) next.push({ x: f.x, y: f.y, w: used.x - f.x, h: f.h });
      if (used.x + used.w < f.x + f.w) next.push({ x: used.x + used.w, y: f.y, w: f.x + f.w - used.x - used.w, h: f.h });
      if (used.y > f.y) next.push({ x: f.x, y: f.y, w: f.w, h: used.y - f.y });
      if (used.y + used.h < f.y + f.h) next.push({ x: f.x, y: used.y + used.h, w: f.w, h: f.y + f.h - used.y - used.h });
    }
    this.free = prune(next);
  }
}

/** Drops every free rectangle that another one contains (keeping one of equal pairs). */
function prune(rects: Rect[]): Rect[] {
  const keep: boolean[] = rects.map(() => true);
  for (let i = 0; i < rects.length; i++) {
    if (!keep[i]) continue;
    const a = rects[i]!;
    for (let j = 0; j < rects.length; j++) {
      if (i === j || !keep[j]) continue;
      const b = rects[j]!;
      if (b.x >= a.x && b.y >= a.y && b.x + b.w <= a.x + a.w && b.y + b.h <= a.y + a.h) keep[j] = false;
    }
  }
  return rects.filter((_, i) => keep[i]);
}

const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/** Packs `cells` (in order) into one bin; answers the placements of those that fit. */
function fill(cells: Cell[], width: number, height: number): Map<number, Rect> {
  const bin = new MaxRectsBin(width, height);
  const placed = new Map<number, Rect>();
  for (const c of cells) {
    const at = bin.insert(c.w, c.h);
    if (at) placed.set(c.index, at);
  }
  return placed;
}

/**
 * Page sizes to try for cells of `area` in total (each page holds a bin `padding` smaller), smallest
 * first, each side at least the widest (tallest) cell plus the padding and at most `maxSize`.
 */
function candidates(area: number, minW: number, minH: number, maxSize: number, padding: number, pow2: boolean): [number, number][] {
  const sizes: [number, number][] = [];
  const holds = (w: number, h: number) => (w - padding) * (h - padding) >= area;
  if (pow2) {
    for (let w = nextPow2(minW + padding); w <= maxSize; w *= 2) {
      for (let h = nextPow2(minH + padding); h <= maxSize; h *= 2) if (holds(w, h)) sizes.push([w, h]);
    }
    sizes.sort((a, b) => a[0] * a[1] - b[0] * b[1] || Math.abs(a[0] - a[1]) - Math.abs(b[0] - b[1]));
    return sizes;
  }
  for (let grow = 1; grow < 4; grow *= 1.03) {
    const target = area * grow;
    const side = Math.ceil(Math.sqrt(target));
    for (const w of [side, Math.ceil(side * 1.2), Math.ceil(side / 1.2)]) {
      const bw = Math.min(maxSize - padding, Math.max(minW, w));
      const bh = Math.min(maxSize - padding, Math.max(minH, Math.ceil(target / bw)));
      sizes.push([bw + padding, bh + padding]);
    }
    if (side >= maxSize) break;
  }
  return sizes;
}

/**
 * Packs `items` into pages. Frames are placed in order of their longer side, then area (the order
 * MaxRects packs best in); the answer keeps the input's indexes.
 */
export function packRects(items: readonly PackItem[], options: PackOptions): PackResult {
  const { maxSize, padding, powerOfTwo } = options;
  const limit = maxSize - padding;
  const cells: Cell[] = items.map((item, index) => {
    const e = item.extrude ?? 0;
    const cell = { index, w: item.w + 2 * e + padding, h: item.h + 2 * e + padding };
    if (cell.w > limit || cell.h > limit) throw new PackTooLargeError(index, maxSize);
    return cell;
  });
  cells.sort((a, b) => Math.max(b.w, b.h) - Math.max(a.w, a.h) || b.w * b.h - a.w * a.h || a.index - b.index);

  const pages: PackResult["pages"] = [];
  const rects: PackedRect[] = new Array(items.length);
  let rest = cells;
  while (rest.length > 0) {
    const area = rest.reduce((sum, c) => sum + c.w * c.h, 0);
    const minW = Math.max(...rest.map((c) => c.w));
    const minH = Math.max(...rest.map((c) => c.h));
    let placed: Map<number, Rect> | undefined;
    // The smallest bin that holds them all; or, when none does, a full page of them.
    for (const [w, h] of candidates(area, minW, minH, maxSize, padding, powerOfTwo)) {
      const attempt = fill(rest, w - padding, h - padding);
      if (attempt.size === rest.length) {
        placed = attempt;
        break;
      }
    }
    placed ??= fill(rest, limit, limit);
    const page = pages.length;
    let right = 0;
    let bottom = 0;
    for (const c of rest) {
      const at = placed.get(c.index);
      if (!at) continue;
      const e = items[c.index]!.extrude ?? 0;
      rects[c.index] = { index: c.index, page, x: padding + at.x + e, y: padding + at.y + e, w: items[c.index]!.w, h: items[c.index]!.h };
      right = Math.max(right, padding + at.x + at.w);
      bottom = Math.max(bottom, padding + at.y + at.h);
    }
    const width = powerOfTwo ? Math.min(maxSize, nextPow2(right)) : right;
    const height = powerOfTwo ? Math.min(maxSize, nextPow2(bottom)) : bottom;
    pages.push({ width, height });
    rest = rest.filter((c) => !placed.has(c.index));
  }
  return { pages, rects };
}
