/** Icon shapes of food: grapes, cherry, banana, pumpkin, corn, milk, honey, soup. */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { liquidClip, rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const grapes: IconShape = {
  primary: "purple",
  secondary: "green",
  accent: "brown",
  build(rng) {
    const r = rng.range(0.075, 0.09);
    const rows = rng.int(4, 5);
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.26).quadTo(0.5, 0.12, 0.58, 0.06).build(), "accent", 0.035)];
    parts.push(solid(new PathBuilder(0.52, 0.18).quadTo(0.7, 0.02, 0.88, 0.16).quadTo(0.76, 0.3, 0.52, 0.18).build(), "secondary"));
    for (let row = 0; row < rows; row++) {
      const n = Math.max(1, rows - row);
      const y = 0.3 + row * r * 1.6;
      for (const x of steps(0.5 - (n - 1) * r, 0.5 + (n - 1) * r, n)) {
        const jx = x + rng.range(-0.01, 0.01);
        parts.push(
          solid(circle(jx, y, r), row % 2 ? "primary-" : "primary"),
          detail(circle(jx - r * 0.35, y - r * 0.35, r * 0.28), "light", { opacity: 0.55 }),
        );
      }
    }
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const cherry: IconShape = {
  primary: "red",
  secondary: "green",
  accent: "white",
  build(rng) {
    const pair = rng.chance(0.7);
    const r = rng.range(0.17, 0.2);
    const fruits: [number, number][] = pair
      ? [
          [0.3, 0.7],
          [0.68, 0.74],
        ]
      : [[0.5, 0.7]];
    const parts: Part[] = [];
    for (const [x, y] of fruits) parts.push(bar(new PathBuilder(x, y - r * 0.8).quadTo(x + 0.04, 0.3, 0.56, 0.1).build(), "secondary-", 0.03));
    parts.push(solid(new PathBuilder(0.56, 0.1).quadTo(0.72, -0.02, 0.9, 0.1).quadTo(0.74, 0.22, 0.56, 0.1).build(), "secondary"));
    for (const [x, y] of fruits) {
      const c = circle(x, y, r);
      parts.push(solid(c, "primary"), rimShade(c, "primary-", -0.05, -0.05), shine(x - r * 0.4, y - r * 0.35, r * 0.22, r * 0.12, -40, 0.8));
    }
    return parts;
  },
};

export const banana: IconShape = {
  primary: "yellow",
  secondary: "brown",
  accent: "green",
  build(rng) {
    const bend = rng.range(0.22, 0.3);
    const count = rng.int(1, 3);
    const parts: Part[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const dy = i * 0.08;
      const body = new PathBuilder(0.14, 0.26 + dy)
        .quadTo(0.3, 0.84 + bend * 0.2 + dy, 0.88, 0.6 + dy)
        .quadTo(0.9, 0.56 + dy, 0.86, 0.54 + dy)
        .quadTo(0.36, 0.6 + dy, 0.22, 0.22 + dy)
        .build();
      parts.push(solid(body, i === 0 ? "primary" : "primary-"), detail(body, "primary-", { clips: [[poly(0, 0.4 + dy, 1, 0.8 + dy, 1, 1, 0, 1)]] }));
      parts.push(line(new PathBuilder(0.2, 0.3 + dy).quadTo(0.36, 0.7 + dy, 0.84, 0.6 + dy).build(), "primary+", 0.014));
      parts.push(solid(circle(0.88, 0.57 + dy, 0.025), "secondary"));
    }
    parts.push(solid(roundRect(0.12, 0.16, 0.1, 0.12, 0.02), "accent"));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const pumpkin: IconShape = {
  primary: "orange",
  secondary: "green",
  accent: "yellow",
  build(rng) {
    const w = rng.range(0.4, 0.44);
    const h = rng.range(0.28, 0.33);
    const face = rng.chance(0.35);
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.3).quadTo(0.48, 0.16, 0.58, 0.1).build(), "secondary", 0.06)];
    const lobes = [ellipse(0.5 - w * 0.5, 0.58, w * 0.5, h), ellipse(0.5 + w * 0.5, 0.58, w * 0.5, h), ellipse(0.5, 0.58, w * 0.5, h + 0.02)];
    parts.push(solid(lobes[0] ?? [], "primary-"), solid(lobes[1] ?? [], "primary-"), solid(lobes[2] ?? [], "primary"));
    parts.push(detail(ellipse(0.5 - w * 0.55, 0.56, w * 0.2, h * 0.7), "primary", { opacity: 0.6 }));
    if (face) {
      parts.push(detail(poly(0.32, 0.54, 0.42, 0.46, 0.44, 0.56), "accent"), detail(poly(0.68, 0.54, 0.58, 0.46, 0.56, 0.56), "accent"));
      parts.push(detail(poly(0.3, 0.66, 0.38, 0.72, 0.44, 0.66, 0.5, 0.74, 0.56, 0.66, 0.62, 0.72, 0.7, 0.66, 0.6, 0.8, 0.4, 0.8), "accent"));
    }
    if (rng.chance(0.5)) parts.push(line(new PathBuilder(0.55, 0.2).quadTo(0.76, 0.12, 0.72, 0.28).build(), "secondary+", 0.016));
    return parts;
  },
};

export const corn: IconShape = {
  primary: "yellow",
  secondary: "green",
  accent: "white",
  build(rng) {
    const w = rng.range(0.13, 0.16);
    const cob = new PathBuilder(0.5, 0.06)
      .quadTo(0.5 + w * 1.4, 0.2, 0.5 + w, 0.78)
      .lineTo(0.5 - w, 0.78)
      .quadTo(0.5 - w * 1.4, 0.2, 0.5, 0.06)
      .build();
    const parts: Part[] = [solid(cob, "primary")];
    for (let row = 0; row < 8; row++)
      for (const x of steps(0.5 - w * 0.75, 0.5 + w * 0.75, 3))
        parts.push(detail(roundRect(x - 0.035, 0.14 + row * 0.08, 0.07, 0.065, 0.025), row % 2 ? "primary+" : "primary", { clips: [[cob]] }));
    parts.push(detail(cob, "primary-", { clips: [[rect(0.5 + w * 0.4, 0, 1, 1)]], opacity: 0.7 }));
    const open = rng.range(0.12, 0.2);
    for (const d of [-1, 1])
      parts.push(
        solid(
          new PathBuilder(0.5, 0.96)
            .quadTo(0.5 + d * (w + open), 0.8, 0.5 + d * (w + open * 0.6), 0.34)
            .quadTo(0.5 + d * w * 0.6, 0.62, 0.5 + d * 0.02, 0.78)
            .build(),
          d < 0 ? "secondary" : "secondary-",
        ),
      );
    return rotateParts(parts, rng.range(-30, 30));
  },
};

export const milk: IconShape = {
  primary: "white",
  secondary: "blue",
  accent: "sky",
  build(rng) {
    const carton = rng.chance(0.45);
    const parts: Part[] = [];
    if (carton) {
      const front = rect(0.26, 0.34, 0.36, 0.58);
      parts.push(solid(poly(0.62, 0.34, 0.78, 0.26, 0.78, 0.84, 0.62, 0.92), "primary-"), solid(front, "primary"));
      parts.push(
        solid(poly(0.26, 0.34, 0.44, 0.12, 0.62, 0.34), "primary+"),
        solid(poly(0.44, 0.12, 0.6, 0.06, 0.78, 0.26, 0.62, 0.34), "primary-"),
        solid(rect(0.4, 0.06, 0.08, 0.08), "secondary"),
      );
      parts.push(detail(rect(0.26, 0.52, 0.36, 0.2), "secondary"), detail(circle(0.44, 0.62, 0.06), "primary"));
    } else {
      const body = new PathBuilder(0.38, 0.12)
        .lineTo(0.62, 0.12)
        .lineTo(0.62, 0.26)
        .quadTo(0.76, 0.34, 0.76, 0.46)
        .lineTo(0.76, 0.88)
        .quadTo(0.76, 0.94, 0.7, 0.94)
        .lineTo(0.3, 0.94)
        .quadTo(0.24, 0.94, 0.24, 0.88)
        .lineTo(0.24, 0.46)
        .quadTo(0.24, 0.34, 0.38, 0.26)
        .build();
      parts.push(
        solid(body, "glass"),
        detail(body, "primary", { clips: [liquidClip(rng.range(0.34, 0.5), 0.01, rng.range(0, 6))] }),
        rimShade(body, "primary-", -0.04, 0),
      );
      parts.push(solid(roundRect(0.36, 0.06, 0.28, 0.08, 0.02), "secondary"), detail(roundRect(0.24, 0.58, 0.52, 0.18, 0.02), "accent"));
      parts.push(shine(0.32, 0.6, 0.015, 0.12, 0, 0.7));
    }
    return parts;
  },
};

export const honey: IconShape = {
  primary: "amber",
  secondary: "brown",
  accent: "beige",
  build(rng) {
    const w = rng.range(0.3, 0.34);
    const jar = new PathBuilder(0.5 - w + 0.06, 0.3)
      .quadTo(0.5 - w - 0.04, 0.6, 0.5 - w + 0.04, 0.9)
      .lineTo(0.5 + w - 0.04, 0.9)
      .quadTo(0.5 + w + 0.04, 0.6, 0.5 + w - 0.06, 0.3)
      .build();
    const parts: Part[] = [solid(jar, "primary"), rimShade(jar, "primary-", -0.06, 0), shine(0.32, 0.58, 0.025, 0.12, 5, 0.6)];
    parts.push(
      solid(roundRect(0.5 - w + 0.02, 0.22, (w - 0.02) * 2, 0.1, 0.03), "accent"),
      solid(roundRect(0.5 - w + 0.04, 0.18, (w - 0.04) * 2, 0.06, 0.02), "accent-"),
    );
    const drip = new PathBuilder(0.5 - w + 0.06, 0.3)
      .lineTo(0.5 + w - 0.06, 0.3)
      .lineTo(0.5 + w - 0.06, 0.36)
      .quadTo(0.56, 0.34, 0.56, 0.46)
      .quadTo(0.52, 0.52, 0.5, 0.44)
      .quadTo(0.46, 0.36, 0.38, 0.4)
      .quadTo(0.34, 0.44, 0.32, 0.36)
      .build();
    parts.push(solid(drip, "primary+"));
    if (rng.chance(0.6)) parts.push(detail(roundRect(0.34, 0.56, 0.32, 0.2, 0.04), "accent"), line(poly(0.4, 0.66, 0.6, 0.66), "secondary", 0.02));
    if (rng.chance(0.5)) {
      parts.push(bar(poly(0.66, 0.12, 0.9, 0.02), "secondary", 0.03));
      for (const x of [0.62, 0.68]) parts.push(solid(ellipse(x, 0.16, 0.05, 0.06), "secondary+"));
    }
    return parts;
  },
};

export const soup: IconShape = {
  primary: "orange",
  secondary: "white",
  accent: "green",
  build(rng) {
    const w = rng.range(0.4, 0.44);
    const rim = rng.range(0.44, 0.5);
    const bowl = new PathBuilder(0.5 - w, rim).cubicTo(0.5 - w, 0.84, 0.5 + w, 0.84, 0.5 + w, rim).build();
    const parts: Part[] = [solid(roundRect(0.36, 0.82, 0.28, 0.08, 0.03), "secondary-"), solid(bowl, "secondary"), shadeRight(bowl, "secondary-", 0.66)];
    parts.push(solid(ellipse(0.5, rim, w, 0.1), "secondary+"), detail(ellipse(0.5, rim + 0.01, w - 0.04, 0.07), "primary"));
    for (let i = 0; i < rng.int(2, 4); i++)
      parts.push(detail(ellipse(rng.range(0.3, 0.7), rim + rng.range(-0.02, 0.03), 0.035, 0.018), rng.chance(0.5) ? "accent" : "primary+"));
    for (const x of steps(0.36, 0.64, rng.int(2, 3)))
      parts.push(
        line(
          new PathBuilder(x, rim - 0.08)
            .quadTo(x + 0.05, rim - 0.16, x, rim - 0.24)
            .quadTo(x - 0.05, rim - 0.3, x, rim - 0.38)
            .build(),
          "light",
          0.025,
          { opacity: 0.6 },
        ),
      );
    if (rng.chance(0.5)) parts.push(bar(poly(0.62, rim + 0.02, 0.9, rim - 0.3), "metal", 0.035), solid(ellipse(0.9, rim - 0.32, 0.05, 0.035, -0.8), "metal"));
    return parts;
  },
};
