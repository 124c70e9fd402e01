/** Icon shapes of nature: plants, trees, rocks, sea things, sky and weather. */
import { circle, ellipse, PathBuilder, rect, type Contour } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";
import { bar, deg, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

/** A pointed leaf from (x0, y0) to (x1, y1), `w` wide. */
function leafShape(x0: number, y0: number, x1: number, y1: number, w: number): Contour {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const len = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [(-dy / len) * w, (dx / len) * w];
  const [m1x, m1y, m2x, m2y] = [x0 + dx * 0.3, y0 + dy * 0.3, x0 + dx * 0.7, y0 + dy * 0.7];
  return new PathBuilder(x0, y0)
    .cubicTo(m1x + nx, m1y + ny, m2x + nx, m2y + ny, x1, y1)
    .cubicTo(m2x - nx, m2y - ny, m1x - nx, m1y - ny, x0, y0)
    .build();
}

/** A round lumpy blob (a bush, a tree crown, a cloud) of `lumps` circles around (cx, cy). */
function lumps(rng: Random, cx: number, cy: number, rx: number, ry: number, count: number, r: number): Contour[] {
  const out: Contour[] = [ellipse(cx, cy, rx, ry)];
  for (let i = 0; i < count; i++) {
    const a = Math.PI + (i / (count - 1)) * Math.PI + rng.range(-0.15, 0.15);
    out.push(circle(cx + Math.cos(a) * rx * 0.8, cy + Math.sin(a) * ry * 0.8, r * rng.range(0.85, 1.15)));
  }
  return out;
}

export const fern: IconShape = {
  primary: "green",
  secondary: "green",
  accent: "white",
  build(rng) {
    const pairs = rng.int(5, 7);
    const curl = rng.range(0.05, 0.14);
    const stem = new PathBuilder(0.5, 0.96).quadTo(0.5 - curl, 0.5, 0.5 + curl * 0.5, 0.06).build();
    const parts: Part[] = [bar(stem, "primary-", 0.03)];
    for (let i = 0; i < pairs; i++) {
      const t = 0.14 + (i / pairs) * 0.76;
      const [x, y] = stem[Math.floor(t * (stem.length - 1))] as readonly [number, number];
      const len = 0.36 * (1 - t * 0.75);
      for (const d of [-1, 1]) parts.push(solid(leafShape(x, y, x + d * len, y - len * 0.35, len * 0.22), i % 2 ? "primary" : "primary+"));
    }
    parts.push(solid(leafShape(0.5 + curl * 0.5, 0.14, 0.5 + curl * 0.5, 0.02, 0.04), "primary+"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const sprout: IconShape = {
  primary: "green",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const leaves = rng.int(2, 3);
    const parts: Part[] = [solid(ellipse(0.5, 0.86, 0.34, 0.1), "secondary"), detail(ellipse(0.46, 0.84, 0.2, 0.04), "secondary+")];
    parts.push(bar(new PathBuilder(0.5, 0.86).quadTo(0.46, 0.6, 0.5, 0.36).build(), "primary-", 0.045));
    parts.push(solid(leafShape(0.5, 0.42, 0.16, 0.22, 0.12), "primary"), solid(leafShape(0.5, 0.42, 0.86, 0.2, 0.12), "primary+"));
    if (leaves === 3) parts.push(solid(leafShape(0.5, 0.38, 0.54, 0.06, 0.08), "primary"));
    parts.push(line(poly(0.46, 0.38, 0.24, 0.25), "primary-", 0.012), line(poly(0.54, 0.38, 0.78, 0.23), "primary", 0.012));
    return parts;
  },
};

function flowerHead(rng: Random, cx: number, cy: number, r: number, petals: number): Part[] {
  const parts: Part[] = [];
  const offset = rng.range(0, Math.PI);
  for (let i = 0; i < petals; i++) {
    const a = offset + (i / petals) * Math.PI * 2;
    parts.push(solid(ellipse(cx + Math.cos(a) * r * 0.6, cy + Math.sin(a) * r * 0.6, r * 0.48, r * 0.3, a), i % 2 ? "primary" : "primary+"));
  }
  parts.push(solid(circle(cx, cy, r * 0.34), "secondary"), detail(circle(cx - r * 0.1, cy - r * 0.1, r * 0.12), "secondary+"));
  return parts;
}

export const flower: IconShape = {
  primary: "pink",
  secondary: "yellow",
  accent: "green",
  build(rng) {
    const r = rng.range(0.26, 0.32);
    const cy = rng.range(0.3, 0.36);
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.96).quadTo(0.56, 0.7, 0.5, cy).build(), "accent-", 0.04)];
    parts.push(solid(leafShape(0.52, 0.76, 0.8, 0.6, 0.08), "accent"));
    if (rng.chance(0.5)) parts.push(solid(leafShape(0.5, 0.84, 0.24, 0.7, 0.07), "accent+"));
    parts.push(...flowerHead(rng, 0.5, cy, r, rng.int(5, 8)));
    return parts;
  },
};

export const rose: IconShape = {
  primary: "red",
  secondary: "green",
  accent: "white",
  build(rng) {
    const r = rng.range(0.22, 0.26);
    const [cx, cy] = [0.5, 0.32];
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.96).quadTo(0.44, 0.7, 0.5, 0.4).build(), "secondary-", 0.04)];
    for (const [x, y] of [
      [0.47, 0.66],
      [0.49, 0.8],
    ] as const)
      parts.push(solid(poly(x, y, x - 0.05, y - 0.02, x, y - 0.04), "secondary-"));
    parts.push(solid(leafShape(0.48, 0.62, 0.76, 0.54, 0.08), "secondary"), solid(leafShape(0.47, 0.74, 0.22, 0.64, 0.07), "secondary+"));
    const cup = new PathBuilder(cx - r, cy - 0.06)
      .quadTo(cx - r, cy + r + 0.04, cx, cy + r + 0.04)
      .quadTo(cx + r, cy + r + 0.04, cx + r, cy - 0.06)
      .lineTo(cx + r * 0.5, cy - 0.02)
      .lineTo(cx, cy - 0.1)
      .lineTo(cx - r * 0.5, cy - 0.02)
      .build();
    parts.push(solid(circle(cx, cy - 0.02, r * 0.85), "primary-"), solid(cup, "primary"));
    parts.push(line(new PathBuilder(cx - r * 0.5, cy - 0.06).quadTo(cx, cy + 0.06, cx + r * 0.5, cy - 0.08).build(), "primary--", 0.018));
    parts.push(line(new PathBuilder(cx - r * 0.7, cy + 0.04).quadTo(cx, cy + r * 0.9, cx + r * 0.6, cy).build(), "primary-", 0.016));
    parts.push(detail(ellipse(cx - 0.02, cy - 0.08, r * 0.35, 0.04, rng.range(-0.3, 0.3)), "primary--"));
    parts.push(shine(cx - r * 0.6, cy + 0.06, 0.02, 0.05, 20, 0.45));
    return parts;
  },
};

export const cactus: IconShape = {
  primary: "green",
  secondary: "orange",
  accent: "pink",
  build(rng) {
    const w = rng.range(0.1, 0.13);
    const top = rng.range(0.08, 0.16);
    const [armL, armR] = [rng.range(0.38, 0.5), rng.range(0.3, 0.44)];
    const parts: Part[] = [];
    parts.push(
      bar(poly(0.5, armL + 0.12, 0.24, armL + 0.12, 0.24, armL - 0.08), "primary", 0.12),
      bar(poly(0.5, armR + 0.1, 0.76, armR + 0.1, 0.76, armR - 0.12), "primary", 0.12),
    );
    const trunk = new PathBuilder(0.5 - w, 0.82)
      .lineTo(0.5 - w, top + w)
      .quadTo(0.5 - w, top, 0.5, top)
      .quadTo(0.5 + w, top, 0.5 + w, top + w)
      .lineTo(0.5 + w, 0.82)
      .build();
    parts.push(
      solid(trunk, "primary"),
      line(poly(0.5, top + 0.06, 0.5, 0.8), "primary-", 0.014),
      line(poly(0.5 - w * 0.55, top + 0.1, 0.5 - w * 0.55, 0.8), "primary+", 0.012),
    );
    for (const y of steps(top + 0.1, 0.7, 5)) parts.push(detail(poly(0.5 + w * 0.5, y, 0.5 + w * 0.5 + 0.04, y - 0.02, 0.5 + w * 0.5, y + 0.01), "light-"));
    const pot = poly(0.26, 0.8, 0.74, 0.8, 0.68, 0.96, 0.32, 0.96);
    parts.push(solid(pot, "secondary"), solid(rect(0.24, 0.78, 0.52, 0.06), "secondary+"), shadeRight(pot, "secondary-", 0.6));
    if (rng.chance(0.5))
      parts.push(
        ...[0, 1, 2, 3, 4].map((i) => solid(ellipse(0.5 + Math.cos(i * 1.26) * 0.04, top + 0.01 + Math.sin(i * 1.26) * 0.04, 0.035, 0.02, i * 1.26), "accent")),
      );
    return parts;
  },
};

export const bush: IconShape = {
  primary: "green",
  secondary: "red",
  accent: "white",
  build(rng) {
    const blob = lumps(rng, 0.5, 0.6, 0.38, 0.24, rng.int(4, 6), 0.18);
    const parts: Part[] = [solid(blob, "primary"), detail(blob, "primary-", { clips: [[rect(0, 0.68, 1, 1)]] })];
    for (let i = 0; i < 6; i++) parts.push(detail(ellipse(rng.range(0.24, 0.76), rng.range(0.44, 0.7), 0.05, 0.03, rng.range(-1, 1)), "primary+"));
    if (rng.chance(0.6)) for (let i = 0; i < rng.int(3, 6); i++) parts.push(detail(circle(rng.range(0.24, 0.76), rng.range(0.42, 0.74), 0.03), "secondary"));
    return parts;
  },
};

export const stump: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const w = rng.range(0.28, 0.32);
    const top = rng.range(0.36, 0.44);
    const body = new PathBuilder(0.5 - w, top)
      .lineTo(0.5 + w, top)
      .lineTo(0.5 + w + 0.04, 0.78)
      .lineTo(0.5 + w + 0.14, 0.9)
      .lineTo(0.5 - w - 0.14, 0.9)
      .lineTo(0.5 - w - 0.04, 0.78)
      .build();
    const parts: Part[] = [solid(body, "primary"), shadeRight(body, "primary-", 0.6)];
    for (const x of steps(0.5 - w + 0.06, 0.5 + w - 0.06, 4)) parts.push(line(poly(x, top + 0.06, x + rng.range(-0.02, 0.02), 0.86), "primary--", 0.014));
    parts.push(solid(ellipse(0.5, top, w, 0.09), "secondary"));
    for (let i = 1; i <= 3; i++) parts.push(detail(ellipse(0.5, top, (w * i) / 4, (0.09 * i) / 4), "secondary-", { stroke: 0.01 }));
    if (rng.chance(0.5))
      parts.push(
        bar(poly(0.5 + w - 0.02, top + 0.14, 0.5 + w + 0.1, top + 0.04), "primary", 0.04),
        solid(leafShape(0.5 + w + 0.1, top + 0.04, 0.5 + w + 0.2, top - 0.06, 0.05), "accent"),
      );
    if (rng.chance(0.5)) parts.push(solid(ellipse(0.3, 0.88, 0.1, 0.04), "accent"), solid(ellipse(0.72, 0.9, 0.08, 0.035), "accent"));
    return parts;
  },
};

export const log: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const r = rng.range(0.17, 0.21);
    const [x0, x1, y] = [0.14, 0.84, 0.56];
    const body = new PathBuilder(x0, y - r)
      .lineTo(x1, y - r)
      .lineTo(x1, y + r)
      .lineTo(x0, y + r)
      .build();
    const parts: Part[] = [solid(body, "primary"), detail(rect(x0, y + r * 0.3, x1 - x0, r * 0.7), "primary-")];
    for (let i = 0; i < 4; i++) {
      const yy = y - r + (i + 0.6) * ((r * 2) / 4.2);
      parts.push(line(poly(x0 + 0.04, yy, x0 + rng.range(0.25, 0.4), yy + 0.01, x1 - rng.range(0.05, 0.2), yy - 0.005), "primary--", 0.012));
    }
    parts.push(solid(ellipse(x1, y, r * 0.6, r), "secondary"));
    for (let i = 1; i <= 3; i++) parts.push(detail(ellipse(x1, y, (r * 0.6 * i) / 4, (r * i) / 4), "secondary-", { stroke: 0.01 }));
    parts.push(solid(ellipse(x0, y, r * 0.6, r), "primary-"));
    if (rng.chance(0.5))
      parts.push(bar(poly(0.46, y - r, 0.52, y - r - 0.12), "primary", 0.035), solid(leafShape(0.52, y - r - 0.12, 0.66, y - r - 0.18, 0.04), "accent"));
    return rotateParts(parts, rng.range(-20, 5));
  },
};

export const vine: IconShape = {
  primary: "green",
  secondary: "brown",
  accent: "purple",
  build(rng) {
    const amp = rng.range(0.12, 0.2);
    const pts: number[] = [];
    for (let i = 0; i <= 20; i++) pts.push(0.5 + Math.sin(i * 0.55 + 0.5) * amp, 0.04 + i * 0.046);
    const stem = poly(...pts);
    const parts: Part[] = [bar(stem, "secondary", 0.035)];
    for (let i = 2; i < 20; i += 3) {
      const [x, y] = [pts[i * 2] as number, pts[i * 2 + 1] as number];
      const d = i % 2 ? 1 : -1;
      parts.push(solid(leafShape(x, y, x + d * 0.24, y - 0.05, 0.08), i % 4 < 2 ? "primary" : "primary+"));
      parts.push(line(poly(x + d * 0.02, y, x + d * 0.2, y - 0.04), "primary-", 0.01));
    }
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.3, 0.7],
        [0.34, 0.76],
        [0.26, 0.76],
      ] as const)
        parts.push(solid(circle(x, y, 0.04), "accent"));
    return parts;
  },
};

export const coral: IconShape = {
  primary: "pink",
  secondary: "orange",
  accent: "sky",
  build(rng) {
    const parts: Part[] = [];
    const branch = (x: number, y: number, a: number, len: number, depth: number): void => {
      const [x1, y1] = [x + Math.cos(a) * len, y + Math.sin(a) * len];
      parts.push(bar(poly(x, y, x1, y1), "primary", 0.075 - (3 - depth) * 0.012));
      if (depth === 0) {
        parts.push(solid(circle(x1, y1, 0.045), "primary+"));
        return;
      }
      for (const d of [-1, 1]) branch(x1, y1, a + d * rng.range(0.3, 0.6), len * rng.range(0.62, 0.78), depth - 1);
    };
    branch(0.5, 0.92, -Math.PI / 2 + rng.range(-0.15, 0.15), rng.range(0.29, 0.33), 3);
    parts.push(solid(ellipse(0.5, 0.92, 0.24, 0.05), "secondary"));
    for (let i = 0; i < 3; i++) parts.push(detail(circle(rng.range(0.3, 0.7), rng.range(0.3, 0.7), 0.02), "light", { opacity: 0.6 }));
    return parts;
  },
};

export const shell: IconShape = {
  primary: "pink",
  secondary: "beige",
  accent: "white",
  build(rng) {
    const ribs = rng.int(6, 9);
    const w = rng.range(0.38, 0.44);
    const fan = new PathBuilder(0.5, 0.86)
      .lineTo(0.5 - w, 0.42)
      .quadTo(0.5 - w, 0.1, 0.5, 0.1)
      .quadTo(0.5 + w, 0.1, 0.5 + w, 0.42)
      .lineTo(0.5, 0.86)
      .build();
    const parts: Part[] = [solid(poly(0.38, 0.92, 0.62, 0.92, 0.56, 0.8, 0.44, 0.8), "primary-"), solid(fan, "primary")];
    for (let i = 0; i < ribs; i++) {
      const a = deg(200 + (i / (ribs - 1)) * 140);
      if (i % 2)
        parts.push(
          detail(
            poly(0.5, 0.86, 0.5 + Math.cos(a - 0.09) * 0.8, 0.86 + Math.sin(a - 0.09) * 0.8, 0.5 + Math.cos(a + 0.09) * 0.8, 0.86 + Math.sin(a + 0.09) * 0.8),
            "secondary",
            { clips: [[fan]], opacity: 0.7 },
          ),
        );
      parts.push(line(poly(0.5, 0.86, 0.5 + Math.cos(a) * 0.8, 0.86 + Math.sin(a) * 0.8), "primary-", 0.014, { clips: [[fan]] }));
    }
    parts.push(rimShade(fan, "primary-", -0.04, -0.04), shine(0.36, 0.26, 0.05, 0.02, -30));
    return parts;
  },
};
