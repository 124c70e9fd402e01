/** Icon shapes for weapons, gear and items, drawn in the unit square. */
import { arcBand, capsule, circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, star, type Contour } from "../../kit/geometry.js";
import { leftOf, liquidClip, rotateParts, scaleAbout, type IconShape, type Part } from "../parts.js";

const deg = (d: number): number => (d * Math.PI) / 180;
const outsideOf = (contour: Contour): Contour[] => [rect(-1, -1, 3, 3), contour];

export const sword: IconShape = {
  primary: "silver",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const tip = -0.16;
    const base = 0.64 + rng.range(-0.03, 0.03);
    const w = rng.range(0.065, 0.085);
    const shoulder = tip + 0.12;
    const guardHalf = rng.range(0.19, 0.25);
    const curved = rng.chance(0.5);
    const guard: Contour = curved
      ? new PathBuilder(0.5 - guardHalf, base + 0.09)
          .quadTo(0.5, base - 0.05, 0.5 + guardHalf, base + 0.09)
          .lineTo(0.5 + guardHalf - 0.02, base + 0.12)
          .quadTo(0.5, base + 0.05, 0.5 - guardHalf + 0.02, base + 0.12)
          .build()
      : roundRect(0.5 - guardHalf, base - 0.005, guardHalf * 2, 0.075, 0.035);
    const gripTop = base + 0.06;
    const parts: Part[] = [
      {
        path: [
          [
            [0.5, tip],
            [0.5 + w, shoulder],
            [0.5 + w, base],
            [0.5 - w, base],
            [0.5 - w, shoulder],
          ],
        ],
        fill: "primary",
      },
      {
        path: [
          [
            [0.5, tip],
            [0.5, base],
            [0.5 - w, base],
            [0.5 - w, shoulder],
          ],
        ],
        fill: "primary+",
        outline: false,
      },
      { path: [rect(0.49, tip + 0.2, 0.02, base - tip - 0.27)], fill: "primary-", outline: false },
      { path: [rect(0.455, gripTop, 0.09, 0.3)], fill: "wood" },
      { path: [circle(0.5, gripTop + 0.34, 0.065)], fill: "secondary" },
      { path: [circle(0.48, gripTop + 0.325, 0.022)], fill: "secondary++", outline: false },
      { path: [guard], fill: "secondary" },
      { path: [circle(0.5, base + 0.032, 0.03)], fill: "accent" },
    ];
    for (let i = 1; i <= 4; i++) {
      const y = gripTop + i * 0.062;
      parts.push({
        path: [
          [
            [0.455, y],
            [0.545, y - 0.03],
          ],
        ],
        fill: "wood-",
        stroke: 0.014,
        outline: false,
      });
    }
    return rotateParts(parts, 45);
  },
};

function shieldContour(inset: number): Contour {
  const x0 = 0.13 + inset;
  const x1 = 0.87 - inset;
  const top = 0.1 + inset;
  const bottom = 0.95 - inset * 1.5;
  return new PathBuilder(x0, top + 0.04)
    .quadTo(0.5, top - 0.05, x1, top + 0.04)
    .lineTo(x1, 0.48)
    .cubicTo(x1, 0.7, 0.68, 0.85, 0.5, bottom)
    .cubicTo(0.32, 0.85, x0, 0.7, x0, 0.48)
    .build();
}

export const shield: IconShape = {
  primary: "blue",
  secondary: "gold",
  accent: "silver",
  emblem: { cx: 0.5, cy: 0.46, r: 0.22 },
  build(rng, hasEmblem) {
    const face = shieldContour(0.06);
    const parts: Part[] = [
      { path: [shieldContour(0)], fill: "secondary" },
      { path: [shieldContour(0)], fill: "secondary+", clips: [leftOf(0.5)], outline: false },
      { path: [face], fill: "primary" },
      { path: [face], fill: "primary+", clips: [leftOf(0.5)], outline: false },
    ];
    if (!hasEmblem) {
      const kind = rng.int(0, 3);
      const decoration: Contour[] =
        kind === 0
          ? [rect(0.44, 0.1, 0.12, 0.9), rect(0.1, 0.34, 0.8, 0.12)]
          : kind === 1
            ? [
                [
                  [0.1, 0.62],
                  [0.5, 0.3],
                  [0.9, 0.62],
                  [0.9, 0.76],
                  [0.5, 0.44],
                  [0.1, 0.76],
                ],
              ]
            : kind === 2
              ? [rect(0.1, 0.36, 0.8, 0.16)]
              : [circle(0.5, 0.45, 0.13)];
      for (const contour of decoration) parts.push({ path: [contour], fill: "secondary", clips: [[face]], outline: false });
      if (kind === 3) parts.push({ path: [circle(0.47, 0.42, 0.05)], fill: "secondary++", outline: false });
    }
    for (const [x, y] of [
      [0.2, 0.17],
      [0.8, 0.17],
      [0.2, 0.6],
      [0.8, 0.6],
    ] as const) {
      parts.push({ path: [circle(x, y, 0.022)], fill: "secondary++", outline: false });
    }
    return parts;
  },
};

export const potion: IconShape = {
  primary: "red",
  secondary: "glass",
  accent: "white",
  build(rng) {
    const variant = rng.int(0, 2);
    const body: Contour =
      variant === 0
        ? circle(0.5, 0.63, 0.33)
        : variant === 1
          ? new PathBuilder(0.42, 0.38)
              .lineTo(0.58, 0.38)
              .lineTo(0.84, 0.84)
              .quadTo(0.86, 0.93, 0.76, 0.93)
              .lineTo(0.24, 0.93)
              .quadTo(0.14, 0.93, 0.16, 0.84)
              .build()
          : roundRect(0.23, 0.38, 0.54, 0.56, 0.13);
    const cy = variant === 0 ? 0.63 : 0.68;
    const level = variant === 0 ? rng.range(0.46, 0.56) : variant === 1 ? rng.range(0.54, 0.62) : rng.range(0.49, 0.57);
    const liquid = scaleAbout(body, 0.84, 0.5, cy + 0.02);
    const surface = liquidClip(level, 0.012, rng.range(0, 6));
    const parts: Part[] = [
      { path: [rect(0.41, 0.17, 0.18, 0.3)], fill: "glass" },
      { path: [body], fill: "glass" },
      { path: [liquid], fill: "primary", clips: [surface] },
      { path: [liquid], fill: "primary-", clips: [surface, outsideOf(scaleAbout(body, 0.84, 0.46, cy - 0.04))], rule: "nonzero", outline: false },
      { path: [ellipse(0.5, level + 0.005, 0.5, 0.018)], fill: "primary+", clips: [[liquid]], outline: false },
      { path: [roundRect(0.37, 0.15, 0.26, 0.07, 0.03)], fill: "glass-" },
      { path: [roundRect(0.42, 0.04, 0.16, 0.13, 0.03)], fill: "wood" },
      { path: [rect(0.42, 0.04, 0.05, 0.13)], fill: "wood+", clips: [[roundRect(0.42, 0.04, 0.16, 0.13, 0.03)]], outline: false },
    ];
    for (let i = 0; i < 3; i++) {
      const r = rng.range(0.015, 0.035);
      const bubble = circle(rng.range(0.4, 0.62), rng.range(level + 0.08, 0.84), r);
      parts.push({ path: [bubble], fill: "light", opacity: 0.55, clips: [[liquid], surface], outline: false });
    }
    const shine = variant === 0 ? [arcBand(0.5, 0.63, 0.225, 0.27, deg(195), deg(250))] : [roundRect(0.28, 0.48, 0.05, 0.3, 0.022)];
    parts.push({ path: shine, fill: "light", opacity: 0.85, outline: false });
    parts.push({ path: [rect(0.44, 0.2, 0.025, 0.2)], fill: "light", opacity: 0.7, outline: false });
    return parts;
  },
};

export const coin: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "white",
  emblem: { cx: 0.5, cy: 0.5, r: 0.2 },
  build(rng, hasEmblem) {
    const face = circle(0.5, 0.5, 0.36);
    const parts: Part[] = [
      { path: [circle(0.5, 0.5, 0.44)], fill: "primary-" },
      { path: [arcBand(0.5, 0.5, 0.355, 0.44, deg(150), deg(300))], fill: "primary", outline: false },
      { path: [face], fill: "primary" },
      { path: [face], fill: "primary-", clips: [outsideOf(circle(0.46, 0.46, 0.37))], outline: false },
      { path: [circle(0.5, 0.5, 0.3)], fill: "primary-", stroke: 0.022, outline: false },
    ];
    if (!hasEmblem) {
      const kind = rng.int(0, 2);
      const emblem = kind === 0 ? star(0.5, 0.51, 0.18, 0.08, 5) : kind === 1 ? regularPolygon(0.5, 0.5, 0.17, 4) : regularPolygon(0.5, 0.5, 0.16, 6, 0);
      parts.push({ path: [emblem.map(([x, y]) => [x + 0.015, y + 0.015] as const)], fill: "primary--", outline: false });
      parts.push({ path: [emblem], fill: "primary+", outline: false });
    }
    parts.push({ path: [ellipse(0.36, 0.3, 0.09, 0.035, deg(-45))], fill: "light", opacity: 0.75, outline: false });
    return parts;
  },
};

export const axe: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "silver",
  // "battle axe", "double axe": two blades
  reads: ["battle", "double"],
  build(rng, _hasEmblem, words) {
    const seeded = rng.chance(0.35);
    const double = words?.has("battle") || words?.has("double") || seeded;
    const reach = rng.range(0.82, 0.88);
    const blade = (dir: number): Contour =>
      new PathBuilder(0.5 + dir * 0.06, 0.13)
        .quadTo(0.5 + dir * 0.22, 0.12, 0.5 + dir * (reach - 0.5) + dir * -0.02, 0.02)
        .quadTo(0.5 + dir * (reach - 0.5) + dir * 0.12, 0.27, 0.5 + dir * (reach - 0.5), 0.52)
        .quadTo(0.5 + dir * 0.22, 0.38, 0.5 + dir * 0.06, 0.31)
        .build();
    const right = blade(1);
    const parts: Part[] = [
      { path: [capsule(0.5, 0.08, 0.5, 0.97, 0.045)], fill: "wood" },
      { path: [rect(0.455, 0.1, 0.03, 0.85)], fill: "wood+", outline: false },
      { path: [right], fill: "primary" },
      { path: [right], fill: "primary++", clips: [outsideOf(right.map(([x, y]) => [x - 0.06, y] as const))], outline: false },
    ];
    if (double) {
      const left = blade(-1);
      const edge = outsideOf(left.map(([x, y]) => [x + 0.06, y] as const));
      parts.push({ path: [left], fill: "primary" }, { path: [left], fill: "primary-", clips: [edge], outline: false });
    } else {
      parts.push({
        path: [
          [
            [0.44, 0.15],
            [0.28, 0.21],
            [0.44, 0.27],
          ],
        ],
        fill: "primary-",
      });
    }
    parts.push({ path: [roundRect(0.42, 0.09, 0.16, 0.25, 0.035)], fill: "primary-" });
    parts.push({ path: [rect(0.44, 0.17, 0.12, 0.025)], fill: "primary--", outline: false });
    for (let i = 0; i < 4; i++) {
      const y = 0.72 + i * 0.055;
      parts.push({
        path: [
          [
            [0.45, y],
            [0.55, y - 0.03],
          ],
        ],
        fill: "secondary",
        stroke: 0.02,
        outline: false,
      });
    }
    return rotateParts(parts, 38);
  },
};

export const bow: IconShape = {
  primary: "brown",
  secondary: "red",
  accent: "white",
  build(rng) {
    const cx = 0.64;
    const r = rng.range(0.43, 0.47);
    const a0 = deg(125);
    const a1 = deg(235);
    const tipTop: [number, number] = [cx + Math.cos(a1) * r, 0.5 + Math.sin(a1) * r];
    const tipBottom: [number, number] = [cx + Math.cos(a0) * r, 0.5 + Math.sin(a0) * r];
    const parts: Part[] = [
      { path: [[tipTop, tipBottom]], fill: "light--", stroke: 0.014, outline: false },
      { path: [arcBand(cx, 0.5, r - 0.035, r + 0.035, a0, a1)], fill: "primary" },
      { path: [arcBand(cx, 0.5, r + 0.005, r + 0.035, a0, a1)], fill: "primary+", outline: false },
      { path: [roundRect(cx - r - 0.045, 0.43, 0.09, 0.14, 0.02)], fill: "secondary" },
      {
        path: [
          [
            [0.08, 0.5],
            [0.84, 0.5],
          ],
        ],
        fill: "wood+",
        stroke: 0.028,
      },
      {
        path: [
          [
            [0.94, 0.5],
            [0.8, 0.435],
            [0.83, 0.5],
            [0.8, 0.565],
          ],
        ],
        fill: "metal",
      },
      {
        path: [
          [
            [0.06, 0.43],
            [0.2, 0.43],
            [0.24, 0.5],
            [0.1, 0.5],
          ],
        ],
        fill: "accent",
      },
      {
        path: [
          [
            [0.06, 0.57],
            [0.2, 0.57],
            [0.24, 0.5],
            [0.1, 0.5],
          ],
        ],
        fill: "accent-",
      },
    ];
    return rotateParts(parts, -45);
  },
};

export const key: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const ring = rng.int(0, 1) === 0 ? circle(0.5, 0.25, 0.2) : regularPolygon(0.5, 0.25, 0.23, 4);
    const parts: Part[] = [
      { path: [rect(0.455, 0.4, 0.09, 0.54)], fill: "primary" },
      { path: [rect(0.545, 0.7, 0.11, 0.07)], fill: "primary" },
      { path: [rect(0.545, 0.82, 0.15, 0.09)], fill: "primary" },
      { path: [rect(0.455, 0.4, 0.035, 0.54)], fill: "primary+", outline: false },
      { path: [ring, circle(0.5, 0.25, 0.085)], fill: "primary", rule: "evenodd" },
      { path: [ring, circle(0.5, 0.25, 0.085)], fill: "primary+", rule: "evenodd", clips: [leftOf(0.46)], outline: false },
      { path: [circle(0.5, 0.25, 0.12)], fill: "primary-", stroke: 0.02, outline: false },
    ];
    return rotateParts(parts, -45);
  },
};

export const scroll: IconShape = {
  primary: "beige",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const parts: Part[] = [
      { path: [rect(0.22, 0.18, 0.56, 0.62)], fill: "primary" },
      { path: [rect(0.62, 0.18, 0.16, 0.62)], fill: "primary-", outline: false },
    ];
    for (let i = 0; i < 5; i++) {
      const y = 0.33 + i * 0.085;
      const end = 0.7 - rng.range(0, 0.16);
      parts.push({
        path: [
          [
            [0.3, y],
            [end, y],
          ],
        ],
        fill: "accent",
        stroke: 0.025,
        opacity: 0.65,
        outline: false,
      });
    }
    for (const y of [0.1, 0.74]) {
      parts.push({ path: [roundRect(0.15, y, 0.7, 0.14, 0.06)], fill: "primary" });
      parts.push({ path: [rect(0.15, y + 0.085, 0.7, 0.055)], fill: "primary-", clips: [[roundRect(0.15, y, 0.7, 0.14, 0.06)]], outline: false });
      parts.push({ path: [ellipse(0.15, y + 0.07, 0.035, 0.07)], fill: "primary--" });
      parts.push({ path: [ellipse(0.85, y + 0.07, 0.035, 0.07)], fill: "primary--" });
    }
    parts.push({ path: [circle(0.68, 0.66, 0.075)], fill: "secondary" });
    parts.push({ path: [circle(0.68, 0.66, 0.045)], fill: "secondary-", outline: false });
    return parts;
  },
};
