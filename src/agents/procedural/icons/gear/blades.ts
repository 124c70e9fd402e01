/** Icon shapes of bladed and pointed weapons: dagger, katana, spear, trident, scythe. Blades `metal`, hafts `wood`. */
import { circle, PathBuilder, rect, regularPolygon, roundRect, type Contour } from "../../kit/geometry.js";
import { detail, fill, haft, line, lit, pts, ribbon, curve, wraps } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";

/** A straight-bladed weapon's blade, pointing up, from the tip to the base at y = base. */
function daggerBlade(kind: number, tip: number, base: number, w: number): Contour {
  if (kind === 1) {
    const b = new PathBuilder(0.5, tip);
    const n = 3;
    for (let i = 1; i <= n; i++) {
      const y = tip + ((base - tip) * i) / n;
      b.quadTo(0.5 + w * (i % 2 ? 1.3 : 0.75), y - (base - tip) / n / 2, 0.5 + w, y);
    }
    b.lineTo(0.5 - w, base);
    for (let i = n - 1; i >= 0; i--) {
      const y = tip + ((base - tip) * i) / n;
      b.quadTo(0.5 - w * (i % 2 ? 0.75 : 1.3), y + (base - tip) / n / 2, i === 0 ? 0.5 : 0.5 - w, y);
    }
    return b.build();
  }
  if (kind === 2) {
    return new PathBuilder(0.62, tip)
      .quadTo(0.5 + w + 0.05, base - 0.25, 0.5 + w, base)
      .lineTo(0.5 - w, base)
      .quadTo(0.48, 0.32, 0.62, tip)
      .build();
  }
  if (kind === 3) return pts(0.5, tip, 0.5 + w * 1.35, base - 0.2, 0.5 + w * 0.35, base, 0.5 - w * 0.35, base, 0.5 - w * 1.35, base - 0.2);
  return new PathBuilder(0.5, tip)
    .quadTo(0.5 + w * 1.35, base - 0.22, 0.5 + w, base)
    .lineTo(0.5 - w, base)
    .quadTo(0.5 - w * 1.35, base - 0.22, 0.5, tip)
    .build();
}

export const dagger: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "red",
  // "curved dagger", "wavy dagger" (a kris): that blade
  reads: ["curved", "wavy"],
  build(rng, _hasEmblem, words) {
    const seeded = rng.int(0, 3);
    const kind = words?.has("curved") ? 2 : words?.has("wavy") ? 1 : seeded;
    const tip = rng.range(-0.14, -0.06);
    const base = rng.range(0.52, 0.6);
    const w = rng.range(0.08, 0.11);
    const blade = daggerBlade(kind, tip, base, w);
    const gripEnd = base + rng.range(0.24, 0.3);
    const parts: Part[] = [fill(blade, "metal"), lit(blade, "metal+", 0.5), line(0.5, tip + 0.12, 0.5, base - 0.04, 0.014, "metal-")];
    if (kind === 3) {
      parts.push(fill(rect(0.45, base, 0.1, gripEnd - base), "dark"), ...wraps(0.5, 0.05, base, gripEnd, 4, "primary"));
      parts.push({ path: [circle(0.5, gripEnd + 0.07, 0.065)], fill: "metal", stroke: 0.035 });
    } else {
      parts.push(fill(rect(0.455, base, 0.09, gripEnd - base), "primary"), ...wraps(0.5, 0.045, base, gripEnd, 3, "primary-"));
      const guard = rng.int(0, 2);
      const gw = rng.range(0.14, 0.2);
      const guardContour =
        guard === 0
          ? roundRect(0.5 - gw, base - 0.01, gw * 2, 0.06, 0.03)
          : guard === 1
            ? new PathBuilder(0.5 - gw, base - 0.07)
                .quadTo(0.5, base + 0.08, 0.5 + gw, base - 0.07)
                .lineTo(0.5 + gw - 0.03, base + 0.04)
                .quadTo(0.5, base + 0.1, 0.5 - gw + 0.03, base + 0.04)
                .build()
            : regularPolygon(0.5, base + 0.02, 0.075, 4);
      parts.push(fill(guardContour, "secondary"), detail(circle(0.5, base + 0.02, 0.022), "accent"));
      const pommel = rng.chance(0.5) ? circle(0.5, gripEnd + 0.035, 0.05) : regularPolygon(0.5, gripEnd + 0.04, 0.06, 4);
      parts.push(fill(pommel, "secondary"), detail(circle(0.485, gripEnd + 0.025, 0.015), "secondary++"));
    }
    return rotateParts(parts, rng.pick([45, 38, -45]));
  },
};

export const katana: IconShape = {
  primary: "black",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const bend = rng.range(0.03, 0.09);
    const base = rng.range(0.64, 0.7);
    const w = rng.range(0.04, 0.05);
    const tip = -0.2;
    const blade = new PathBuilder(0.5 + bend + 0.01, tip)
      .quadTo(0.5 + w + bend * 0.2, 0.22, 0.5 + w, base)
      .lineTo(0.5 - w, base)
      .quadTo(0.5 - w + bend * 0.2, 0.22, 0.5 + bend - 0.03, tip + 0.09)
      .build();
    const hamon = curve(0.5 + bend - 0.01, tip + 0.12, 0.5 + bend * 0.2 + 0.01, 0.22, 0.51, base - 0.03);
    const gripEnd = base + rng.range(0.3, 0.36);
    const tsuba = rng.chance(0.5) ? circle(0.5, base + 0.015, 0.085) : roundRect(0.41, base - 0.025, 0.18, 0.08, 0.03);
    const parts: Part[] = [
      fill(blade, "metal"),
      detail(ribbon(hamon, 0.02), "metal++"),
      fill(rect(0.455, base, 0.09, gripEnd - base), "primary"),
      fill(tsuba, "secondary"),
      detail(roundRect(0.44, base + 0.04, 0.12, 0.04, 0.01), "secondary-"),
      fill(roundRect(0.45, gripEnd - 0.01, 0.1, 0.05, 0.02), "secondary"),
    ];
    const n = rng.int(4, 6);
    for (let i = 0; i < n; i++) {
      const y = base + 0.07 + ((gripEnd - base - 0.08) * (i + 0.5)) / n;
      parts.push(detail(regularPolygon(0.5, y, 0.03, 4), "accent"));
    }
    if (rng.chance(0.4)) parts.push(line(0.5, gripEnd + 0.04, 0.5 + rng.range(-0.12, 0.12), gripEnd + 0.14, 0.025, "accent", true));
    return rotateParts(parts, 45);
  },
};

/** A long haft from the lower left to the upper right and a head drawn pointing up at (0.5, top). */
function poleArm(parts: Part[], head: Part[], rng: { range(a: number, b: number): number }): Part[] {
  const bottom = rng.range(1.08, 1.14);
  return rotateParts([...haft(0.5, 0.2, 0.5, bottom, 0.045), ...parts, ...head], 45);
}

export const spear: IconShape = {
  primary: "red",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const kind = rng.int(0, 2);
    const top = -0.17;
    const head: Contour =
      kind === 0
        ? new PathBuilder(0.5, top).quadTo(0.66, 0.05, 0.5, 0.26).quadTo(0.34, 0.05, 0.5, top).build()
        : kind === 1
          ? pts(0.5, top, 0.6, 0.08, 0.54, 0.1, 0.64, 0.22, 0.5, 0.17, 0.36, 0.22, 0.46, 0.1, 0.4, 0.08)
          : pts(0.5, top, 0.6, -0.02, 0.57, 0.2, 0.43, 0.2, 0.4, -0.02);
    const extras: Part[] = [];
    if (rng.chance(0.6)) {
      const len = rng.range(0.14, 0.22);
      extras.push(fill(pts(0.47, 0.24, 0.53, 0.24, 0.58, 0.24 + len, 0.5, 0.24 + len - 0.04, 0.42, 0.24 + len), "primary"));
    }
    extras.push(fill(roundRect(0.455, 0.2, 0.09, 0.06, 0.02), "accent"));
    if (rng.chance(0.5)) extras.push(fill(roundRect(0.46, 0.9, 0.08, 0.06, 0.02), "accent"));
    return poleArm(extras, [fill(head, "metal"), lit(head, "metal+", 0.5)], rng);
  },
};

export const trident: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "cyan",
  build(rng) {
    const spread = rng.range(0.13, 0.18);
    const curved = rng.chance(0.5);
    const top = rng.range(-0.17, -0.1);
    const prong = (x: number, outer: number): Contour => {
      const tip = pts(
        x,
        top - (outer === 0 ? 0.05 : 0),
        x + 0.06,
        top + 0.11,
        x + 0.028,
        top + 0.09,
        x + 0.028,
        0.2,
        x - 0.028,
        0.2,
        x - 0.028,
        top + 0.09,
        x - 0.06,
        top + 0.11,
      );
      return tip;
    };
    const head: Part[] = [];
    const cross: Contour = curved
      ? new PathBuilder(0.5 - spread - 0.02, 0.08)
          .quadTo(0.5, 0.32, 0.5 + spread + 0.02, 0.08)
          .lineTo(0.5 + spread - 0.02, 0.08)
          .quadTo(0.5, 0.24, 0.5 - spread + 0.02, 0.08)
          .build()
      : roundRect(0.5 - spread - 0.02, 0.16, spread * 2 + 0.04, 0.06, 0.02);
    head.push(fill(cross, "primary"), lit(cross, "primary+", 0.5));
    for (const [x, outer] of [
      [0.5 - spread, 1],
      [0.5, 0],
      [0.5 + spread, 1],
    ] as const) {
      const p = prong(x, outer);
      head.push(fill(p, "primary"), lit(p, "primary+", x));
    }
    head.push(fill(regularPolygon(0.5, 0.24, 0.05, 4), "accent"), detail(circle(0.49, 0.23, 0.015), "accent++"));
    return poleArm([], head, rng);
  },
};

export const scythe: IconShape = {
  primary: "purple",
  secondary: "brown",
  accent: "silver",
  build(rng) {
    const sway = rng.range(-0.08, 0.08);
    const shaft = curve(0.64, 0.06, 0.52 + sway, 0.55, 0.64, 0.98);
    const reach = rng.range(0.0, 0.08);
    const drop = rng.range(0.26, 0.4);
    const blade = new PathBuilder(0.62, 0.04)
      .quadTo(0.26, -0.04, reach, drop + 0.14)
      .quadTo(0.26, 0.12, 0.64, 0.2)
      .build();
    const parts: Part[] = [
      fill(ribbon(shaft, 0.085), "wood"),
      detail(
        ribbon(
          shaft.map(([x, y]) => [x - 0.015, y] as const),
          0.022,
        ),
        "wood+",
      ),
      fill(blade, "metal"),
      detail(ribbon(curve(0.6, 0.07, 0.26, 0.02, reach + 0.04, drop + 0.1), 0.025), "metal++"),
      fill(roundRect(0.57, 0.02, 0.14, 0.17, 0.03), "primary"),
    ];
    const gy = rng.range(0.5, 0.62);
    parts.push(...haft(0.52 + sway * 0.5, gy, 0.8 + sway * 0.5, gy + 0.06, 0.032));
    parts.push(fill(roundRect(0.585, 0.88, 0.11, 0.1, 0.03), "primary"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};
