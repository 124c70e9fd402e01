/**
 * UI symbols, drawn bold and clean: check, cross, plus, minus, play, pause, stop, menu, refresh,
 * download/upload, search, info, help, warning. A seed varies the stroke weight and corner rounding.
 */
import { arcBand, circle, PathBuilder, roundRect, type Contour } from "../../kit/geometry.js";
import { deg, detail, pts, ribbon } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

const lowerRight = pts(-1, 1.6, 1.6, -1, 2, 2);

/**
 * A bold glyph: the body and a slightly darker lower-right half. "nonzero": the contours are
 * separate pieces (painted one by one, so overlapping pieces of opposite winding never cancel);
 * "evenodd": the later contours are holes cut through the first.
 */
export function glyph(contours: Contour[], rule: "nonzero" | "evenodd" = "nonzero"): Part[] {
  const groups = rule === "evenodd" ? [contours] : contours.map((c) => [c]);
  return [
    ...groups.map((path): Part => ({ path, fill: "primary", rule })),
    ...groups.map((path): Part => ({ path, fill: "primary-", rule, outline: false, clips: [[lowerRight]] })),
  ];
}

/**
 * A stroke of width `w` along an open polyline as one closed contour (mitred joints; round or
 * square caps), so it also reads cleanly when the line-art style strokes its outline.
 */
export function strokePath(points: Contour, w: number, round: boolean): Contour[] {
  const h = w / 2;
  const n = points.length;
  const at = (i: number): readonly [number, number] => points[i] as readonly [number, number];
  const normal = (i: number): [number, number] => {
    const [ax, ay] = at(i);
    const [bx, by] = at(i + 1);
    const len = Math.hypot(bx - ax, by - ay) || 1;
    return [-(by - ay) / len, (bx - ax) / len];
  };
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const n1 = normal(Math.max(0, i - 1));
    const n2 = normal(Math.min(n - 2, i));
    let mx = n1[0] + n2[0];
    let my = n1[1] + n2[1];
    const ml = Math.hypot(mx, my) || 1;
    mx /= ml;
    my /= ml;
    const scale = Math.min(2.5, 1 / Math.max(0.2, mx * n2[0] + my * n2[1]));
    const [x, y] = at(i);
    left.push([x + mx * h * scale, y + my * h * scale]);
    right.push([x - mx * h * scale, y - my * h * scale]);
  }
  // a half circle from the left side to the right side around the end (or back around the start)
  const cap = (i: number, start: boolean): [number, number][] => {
    if (!round) return [];
    const [x, y] = at(i);
    const [nx, ny] = normal(start ? 0 : n - 2);
    const a0 = Math.atan2(ny, nx) + (start ? Math.PI : 0);
    const out: [number, number][] = [];
    for (let k = 1; k < 12; k++) out.push([x + Math.cos(a0 - (Math.PI * k) / 12) * h, y + Math.sin(a0 - (Math.PI * k) / 12) * h]);
    return out;
  };
  return [[...left, ...cap(n - 1, false), ...right.reverse(), ...cap(0, true)]];
}

const weight = (rng: Random, min = 0.14, max = 0.2): number => rng.range(min, max);

const bar = (x: number, y: number, w: number, h: number, rng: Random): Contour => roundRect(x, y, w, h, Math.min(w, h) * rng.range(0.1, 0.5));

export const checkmark: IconShape = {
  primary: "lime",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = weight(rng);
    const elbowX = rng.range(0.38, 0.44);
    return glyph(strokePath(pts(0.16, 0.52, elbowX, 0.76, 0.86, 0.26), w, rng.chance(0.6)));
  },
};

export const cross: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = weight(rng);
    const r = rng.range(0.3, 0.34);
    const round = rng.chance(0.6);
    return glyph([...strokePath(pts(0.5 - r, 0.5 - r, 0.5 + r, 0.5 + r), w, round), ...strokePath(pts(0.5 + r, 0.5 - r, 0.5 - r, 0.5 + r), w, round)]);
  },
};

export const plus: IconShape = {
  primary: "lime",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = weight(rng, 0.18, 0.26);
    const len = rng.range(0.74, 0.84);
    return glyph([bar(0.5 - w / 2, 0.5 - len / 2, w, len, rng), bar(0.5 - len / 2, 0.5 - w / 2, len, w, rng)]);
  },
};

export const minus: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = weight(rng, 0.18, 0.26);
    const len = rng.range(0.74, 0.84);
    return glyph([bar(0.5 - len / 2, 0.5 - w / 2, len, w, rng)]);
  },
};

export const play: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const h = rng.range(0.68, 0.78);
    const tri = pts(0.26, 0.5 - h / 2, 0.84, 0.5, 0.26, 0.5 + h / 2);
    const r = rng.range(0, 0.09);
    const parts = glyph([tri]);
    if (r > 0.02) parts.unshift({ path: [tri], fill: "primary", stroke: r });
    return parts;
  },
};

export const pause: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.18, 0.24);
    const gap = rng.range(0.12, 0.18);
    const h = rng.range(0.66, 0.76);
    return glyph([bar(0.5 - gap / 2 - w, 0.5 - h / 2, w, h, rng), bar(0.5 + gap / 2, 0.5 - h / 2, w, h, rng)]);
  },
};

export const stop: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const s = rng.range(0.62, 0.72);
    return glyph([roundRect(0.5 - s / 2, 0.5 - s / 2, s, s, s * rng.range(0.05, 0.25))]);
  },
};

export const menu: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.11, 0.15);
    const dots = rng.chance(0.3);
    const contours: Contour[] = [];
    for (let i = 0; i < 3; i++) {
      const y = 0.5 + (i - 1) * (w + rng.range(0.1, 0.12)) - w / 2;
      if (dots) contours.push(circle(0.2, y + w / 2, w * 0.65), bar(0.34, y, 0.5, w, rng));
      else contours.push(bar(0.14, y, 0.72, w, rng));
    }
    return glyph(contours);
  },
};

/** An arrowhead at (x, y) pointing along angle `a` (radians). */
function arrowHead(x: number, y: number, a: number, size: number): Contour {
  const back = a + Math.PI;
  return pts(
    x + Math.cos(a) * size,
    y + Math.sin(a) * size,
    x + Math.cos(back + 0.9) * size,
    y + Math.sin(back + 0.9) * size,
    x + Math.cos(back - 0.9) * size,
    y + Math.sin(back - 0.9) * size,
  );
}

export const refresh: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.1, 0.14);
    const r = rng.range(0.28, 0.32);
    const twin = rng.chance(0.5);
    const contours: Contour[] = [];
    const arcs = twin
      ? [
          [deg(200), deg(330)],
          [deg(20), deg(150)],
        ]
      : [[deg(-60), deg(240)]];
    for (const [a0 = 0, a1 = 0] of arcs) {
      contours.push(arcBand(0.5, 0.5, r - w / 2, r + w / 2, a0, a1));
      const ex = 0.5 + Math.cos(a1) * r;
      const ey = 0.5 + Math.sin(a1) * r;
      contours.push(arrowHead(ex, ey, a1 + Math.PI / 2, w * 1.6));
    }
    return rotateParts(glyph(contours), rng.range(-20, 20));
  },
};

/** An arrow down into an open tray ("upload": out of it, up). */
export const download: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng, _hasEmblem, words) {
    const up = words?.has("upload") ?? false;
    const w = rng.range(0.12, 0.16);
    const round = rng.chance(0.5);
    const headY = up ? 0.14 : 0.64;
    const shaft = up ? pts(0.5, 0.24, 0.5, 0.62) : pts(0.5, 0.08, 0.5, 0.5);
    const head = up ? pts(0.5, headY - 0.06, 0.76, 0.36, 0.24, 0.36) : pts(0.5, headY + 0.04, 0.24, 0.38, 0.76, 0.38);
    const tray = strokePath(pts(0.12, 0.66, 0.12, 0.86, 0.88, 0.86, 0.88, 0.66), w, round);
    return glyph([...strokePath(shaft, w, round), head, ...tray]);
  },
};

export const search: IconShape = {
  primary: "white",
  secondary: "glass",
  accent: "white",
  build(rng) {
    const r = rng.range(0.24, 0.28);
    const w = rng.range(0.08, 0.12);
    const cx = 0.42;
    const cy = 0.42;
    const parts: Part[] = [detail(circle(cx, cy, r - w / 2), "secondary", { opacity: 0.55 })];
    parts.push(...glyph([circle(cx, cy, r + w / 2), circle(cx, cy, r - w / 2)], "evenodd"));
    const a = deg(45);
    parts.push(...glyph(strokePath(pts(cx + Math.cos(a) * (r + w / 2), cy + Math.sin(a) * (r + w / 2), 0.86, 0.86), w * rng.range(1.3, 1.7), true)));
    parts.push(detail(arcBand(cx, cy, r * 0.55, r * 0.7, deg(190), deg(260)), "light", { opacity: 0.8 }));
    return parts;
  },
};

/** A disc with a glyph cut through it (the badge shows through). */
function discGlyph(rng: Random, glyphContours: Contour[]): Part[] {
  const r = rng.range(0.4, 0.44);
  return glyph([circle(0.5, 0.5, r, 72), ...glyphContours], "evenodd");
}

export const info: IconShape = {
  primary: "sky",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.11, 0.14);
    return discGlyph(rng, [circle(0.5, 0.29, w * 0.62), roundRect(0.5 - w / 2, 0.4, w, 0.34, w * 0.3)]);
  },
};

/** The "?" as one closed contour: a hooked band and a dot. */
function questionMark(w: number): Contour[] {
  const hook = new PathBuilder(0.34, 0.38).cubicTo(0.34, 0.16, 0.68, 0.16, 0.66, 0.36).cubicTo(0.65, 0.48, 0.5, 0.46, 0.5, 0.6).build();
  return [ribbon(hook, w), circle(0.5, 0.74, w * 0.62)];
}

export const help: IconShape = {
  primary: "violet",
  secondary: "white",
  accent: "white",
  build(rng) {
    return discGlyph(rng, questionMark(rng.range(0.1, 0.13)));
  },
};

export const warning: IconShape = {
  primary: "amber",
  secondary: "white",
  accent: "white",
  // "radiation warning": the trefoil instead of the exclamation mark
  reads: ["radiation", "radioactive", "nuclear"],
  build(rng, _hasEmblem, words) {
    const tri = pts(0.5, 0.1, 0.94, 0.88, 0.06, 0.88);
    const w = rng.range(0.1, 0.13);
    const trefoil = ["radiation", "radioactive", "nuclear"].some((word) => words?.has(word));
    const mark = trefoil
      ? [circle(0.5, 0.62, 0.045), ...[-150, -30, 90].map((a) => arcBand(0.5, 0.62, 0.07, 0.2, ((a - 30) * Math.PI) / 180, ((a + 30) * Math.PI) / 180))]
      : [roundRect(0.5 - w / 2, 0.36, w, 0.28, w * 0.4), circle(0.5, 0.75, w * 0.6)];
    const parts: Part[] = [{ path: [tri], fill: "primary", stroke: rng.range(0.04, 0.1) }];
    parts.push(...glyph([tri, ...mark], "evenodd"));
    return parts;
  },
};
