/** Icon shapes of the elements, drawn in the unit square: flame, leaf, droplet, moon, bolt. */
import { circle, PathBuilder, star, type Contour, type Point } from "../kit/geometry.js";
import { deg, leftOf, outsideOf, rightOf, rotateParts, scaleAbout, shifted, type IconShape, type Part } from "./parts.js";

function flameContour(rng: { range(a: number, b: number): number }, lean: number): Contour {
  const side = rng.range(0.26, 0.34);
  return new PathBuilder(0.5 + lean, 0.03)
    .cubicTo(0.62, 0.22, 0.87, 0.36, 0.85, 0.62)
    .cubicTo(0.83, 0.85, 0.67, 0.96, 0.5, 0.96)
    .cubicTo(0.33, 0.96, 0.17, 0.85, 0.15, 0.62)
    .cubicTo(0.14, 0.46, 0.24, 0.36, side, 0.22)
    .cubicTo(0.36, 0.33, 0.38, 0.4, 0.42, 0.43)
    .cubicTo(0.41, 0.28, 0.44, 0.15, 0.5 + lean, 0.03)
    .build();
}

export const flame: IconShape = {
  primary: "orange",
  secondary: "yellow",
  accent: "white",
  derivedSecondary: true,
  build(rng) {
    const outer = flameContour(rng, rng.range(-0.04, 0.06));
    const middle = scaleAbout(flameContour(rng, rng.range(-0.06, 0.06)), 0.64, 0.5, 0.97);
    const core = scaleAbout(flameContour(rng, 0), 0.34, 0.5, 0.95);
    return [
      { path: [outer], fill: "primary" },
      { path: [outer], fill: "primary-", clips: [outsideOf(shifted(outer, -0.05, -0.03))], outline: false },
      { path: [middle], fill: "secondary", outline: false },
      { path: [core], fill: "light", opacity: 0.9, outline: false },
    ];
  },
};

export const leaf: IconShape = {
  primary: "green",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const w = rng.range(0.26, 0.34);
    const body = new PathBuilder(0.5, 0.04)
      .cubicTo(0.5 + w * 1.1, 0.24, 0.5 + w, 0.62, 0.5, 0.86)
      .cubicTo(0.5 - w, 0.62, 0.5 - w * 1.1, 0.24, 0.5, 0.04)
      .build();
    const parts: Part[] = [
      {
        path: [
          [
            [0.5, 0.8],
            [0.5, 0.98],
          ],
        ],
        fill: "secondary",
        stroke: 0.045,
      },
      { path: [body], fill: "primary" },
      { path: [body], fill: "primary-", clips: [rightOf(0.5)], outline: false },
      {
        path: [
          [
            [0.5, 0.12],
            [0.5, 0.86],
          ],
        ],
        fill: "primary--",
        stroke: 0.022,
        outline: false,
      },
    ];
    for (let i = 0; i < 4; i++) {
      const y = 0.26 + i * 0.14;
      for (const dir of [-1, 1]) {
        const reach = w * (0.75 - Math.abs(i - 1.3) * 0.12);
        const vein: Contour = [
          [0.5, y + 0.08],
          [0.5 + dir * reach, y - 0.02],
        ];
        parts.push({ path: [vein], fill: dir < 0 ? "primary-" : "primary--", stroke: 0.016, outline: false });
      }
    }
    return rotateParts(parts, 40);
  },
};

export const droplet: IconShape = {
  primary: "blue",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.27, 0.33);
    const body = new PathBuilder(0.5, 0.04)
      .cubicTo(0.58, 0.22, 0.5 + w, 0.42, 0.5 + w, 0.63)
      .cubicTo(0.5 + w, 0.81, 0.66, 0.94, 0.5, 0.94)
      .cubicTo(0.34, 0.94, 0.5 - w, 0.81, 0.5 - w, 0.63)
      .cubicTo(0.5 - w, 0.42, 0.42, 0.22, 0.5, 0.04)
      .build();
    const shine = new PathBuilder(0.3, 0.62).quadTo(0.3, 0.48, 0.4, 0.36).quadTo(0.35, 0.5, 0.36, 0.64).build();
    return [
      { path: [body], fill: "primary" },
      { path: [body], fill: "primary-", clips: [outsideOf(shifted(body, -0.06, -0.05))], outline: false },
      { path: [shine], fill: "light", opacity: 0.85, outline: false },
      { path: [circle(0.35, 0.73, 0.03)], fill: "light", opacity: 0.7, outline: false },
      ...(rng.chance(0.5)
        ? [
            { path: [circle(0.82, 0.3, 0.05)], fill: "primary" as const },
            { path: [circle(0.88, 0.16, 0.03)], fill: "primary" as const },
          ]
        : []),
    ];
  },
};

function crescent(r1: number, cx2: number, cy2: number, r2: number): Contour {
  const a = Math.atan2(cy2 - 0.5, cx2 - 0.5);
  const outer: Point[] = [];
  const inner: Point[] = [];
  for (let i = 0; i <= 40; i++) {
    const t = a + deg(35) + (i / 40) * deg(290);
    outer.push([0.5 + Math.cos(t) * r1, 0.5 + Math.sin(t) * r1]);
  }
  const [ex, ey] = outer[outer.length - 1] as Point;
  const [sx, sy] = outer[0] as Point;
  const b0 = Math.atan2(ey - cy2, ex - cx2);
  let b1 = Math.atan2(sy - cy2, sx - cx2);
  if (b1 > b0) b1 -= Math.PI * 2;
  for (let i = 1; i < 30; i++) {
    const t = b0 + ((b1 - b0) * i) / 30;
    inner.push([cx2 + Math.cos(t) * r2, cy2 + Math.sin(t) * r2]);
  }
  return [...outer, ...inner];
}

export const moon: IconShape = {
  primary: "yellow",
  secondary: "white",
  accent: "white",
  build(rng) {
    const body = crescent(0.4, rng.range(0.68, 0.72), rng.range(0.34, 0.38), rng.range(0.31, 0.34));
    const parts: Part[] = [
      { path: [body], fill: "primary" },
      { path: [body], fill: "primary-", clips: [outsideOf(circle(0.56, 0.44, 0.4))], outline: false },
    ];
    for (let i = 0; i < rng.int(1, 3); i++) {
      const r = rng.range(0.04, 0.08);
      parts.push({ path: [star(rng.range(0.68, 0.84), rng.range(0.22, 0.44), r, r * 0.38, 4)], fill: "secondary" });
    }
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const bolt: IconShape = {
  primary: "yellow",
  secondary: "white",
  accent: "white",
  build(rng) {
    const [k, m] = [rng.range(-0.05, 0.05), rng.range(-0.04, 0.04)];
    const body: Point[] = [
      [0.6 + k, 0.03],
      [0.2, 0.56 + m],
      [0.46, 0.56 + m],
      [0.36 - k, 0.97],
      [0.82, 0.4 + m],
      [0.55, 0.4 + m],
      [0.7 + k, 0.03],
    ];
    return [
      { path: [body], fill: "primary" },
      { path: [body], fill: "primary+", clips: [leftOf(0.48)], outline: false },
    ];
  },
};

/** A deterministic emblem for nouns no other shape knows, driven by a hash of the words. */
