/**
 * Icon shapes of the farm: a woven basket and a seed packet (containers: a subject named with
 * them is drawn in them, "basket of eggs", "turnip seed packet"), a turnip, a clover and a stack of bricks.
 */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const basket: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "red",
  emblem: { cx: 0.5, cy: 0.42, r: 0.2 },
  container: true,
  build(rng, hasEmblem) {
    const top = 0.5;
    const [wt, wb] = [rng.range(0.4, 0.44), rng.range(0.28, 0.34)];
    const body = new PathBuilder(0.5 - wt, top)
      .lineTo(0.5 + wt, top)
      .lineTo(0.5 + wb, 0.9)
      .quadTo(0.5, 0.94, 0.5 - wb, 0.9)
      .build();
    const parts: Part[] = [
      bar(new PathBuilder(0.5 - wt + 0.08, top).cubicTo(0.5 - wt + 0.04, 0.02, 0.5 + wt - 0.04, 0.02, 0.5 + wt - 0.08, top).build(), "secondary", 0.05),
    ];
    if (!hasEmblem && rng.chance(0.6)) {
      // a cloth, or bread and fruit, heaped in it
      parts.push(solid(ellipse(0.5, top, wt * 0.8, 0.12), "accent"), detail(ellipse(0.42, top - 0.04, 0.1, 0.04), "accent+"));
    }
    parts.push(solid(body, "primary"));
    const rows = rng.int(4, 5);
    for (const [r, y] of steps(top + 0.06, 0.86, rows).entries())
      for (const [i, x] of steps(0.1, 0.9, 9).entries())
        parts.push(detail(ellipse(x + (r % 2) * 0.05, y, 0.045, 0.028), (i + r) % 2 ? "primary-" : "primary+", { clips: [[body]] }));
    for (const x of steps(0.2, 0.8, 5)) parts.push(line(poly(x, top, 0.5 + (x - 0.5) * 0.75, 0.9), "secondary", 0.012, { clips: [[body]] }));
    parts.push(
      solid(roundRect(0.5 - wt - 0.02, top - 0.03, wt * 2 + 0.04, 0.07, 0.03), "secondary"),
      detail(rect(0.5 - wt, top - 0.02, wt * 2, 0.02), "secondary+"),
    );
    parts.push(shadeRight(body, "dark", 0.72));
    return parts.map((p) => (p.fill === "dark" ? { ...p, opacity: 0.2 } : p));
  },
};

export const turnip: IconShape = {
  primary: "white",
  secondary: "purple",
  accent: "green",
  build(rng) {
    const r = rng.range(0.26, 0.3);
    const cy = 0.56;
    const bulb = new PathBuilder(0.5, cy - r)
      .cubicTo(0.5 + r * 1.5, cy - r, 0.5 + r * 0.9, cy + r * 0.9, 0.5, cy + r * 1.3)
      .cubicTo(0.5 - r * 0.9, cy + r * 0.9, 0.5 - r * 1.5, cy - r, 0.5, cy - r)
      .build();
    const parts: Part[] = [];
    for (const a of [-0.5, 0, 0.45]) {
      const tip: [number, number] = [0.5 + Math.sin(a) * 0.3, cy - r - 0.3 + Math.abs(a) * 0.12];
      parts.push(solid(ellipse((0.5 + tip[0]) / 2, (cy - r + tip[1]) / 2, 0.07, 0.17, a), "accent"), line(poly(0.5, cy - r, tip[0], tip[1]), "accent-", 0.014));
    }
    parts.push(bar(poly(0.5, cy + r * 1.3, 0.52, cy + r * 1.3 + 0.1), "primary-", 0.015));
    parts.push(solid(bulb, "primary"), detail(bulb, "secondary", { clips: [[rect(0, 0, 1, cy - r * rng.range(-0.1, 0.25))]] }));
    parts.push(rimShade(bulb, "primary-", -0.05, -0.05), shine(0.42, cy - r * 0.4, 0.04, 0.08, 20, 0.6));
    for (let i = 0; i < 3; i++) parts.push(line(poly(0.42 + i * 0.06, cy + r * 0.5, 0.46 + i * 0.04, cy + r * 0.55), "primary-", 0.01));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const packet: IconShape = {
  primary: "tan",
  secondary: "white",
  accent: "green",
  emblem: { cx: 0.5, cy: 0.52, r: 0.2 },
  container: true,
  build(rng, hasEmblem) {
    const w = rng.range(0.3, 0.34);
    const body = rect(0.5 - w, 0.12, w * 2, 0.78);
    const parts: Part[] = [solid(body, "primary"), shadeRight(body, "primary-", 0.5 + w * 0.5)];
    parts.push(detail(poly(0.5 - w, 0.12, 0.5 + w, 0.12, 0.5 + w, 0.2, 0.5, 0.24, 0.5 - w, 0.2), "primary-"));
    for (const x of steps(0.5 - w, 0.5 + w, 9)) parts.push(detail(poly(x - 0.02, 0.12, x + 0.02, 0.12, x, 0.1), "primary"));
    parts.push(detail(roundRect(0.5 - w + 0.05, 0.3, w * 2 - 0.1, 0.44, 0.03), "secondary"));
    if (!hasEmblem) {
      // the picture on the packet: a sprout over a few seeds
      parts.push(
        bar(poly(0.5, 0.66, 0.5, 0.46), "accent-", 0.025),
        detail(ellipse(0.42, 0.46, 0.08, 0.04, -0.5), "accent"),
        detail(ellipse(0.58, 0.42, 0.08, 0.04, 0.5), "accent"),
      );
      for (const x of [0.4, 0.5, 0.6]) parts.push(detail(ellipse(x, 0.7, 0.025, 0.018), "primary--"));
    }
    for (const y of [0.8, 0.84]) parts.push(line(poly(0.5 - w + 0.06, y, 0.5 + w - rng.range(0.08, 0.2), y), "primary--", 0.014));
    if (rng.chance(0.5)) parts.push(detail(circle(0.5 + w - 0.06, 0.28, 0.035), "accent"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

/** A clover: three heart-shaped leaves, or four ("four-leaf clover", lucky). */
export const clover: IconShape = {
  primary: "green",
  secondary: "lime",
  accent: "white",
  reads: ["four", "lucky"],
  build(rng, _hasEmblem, words) {
    const four = words?.has("four") || words?.has("lucky") || rng.chance(0.4);
    const n = four ? 4 : 3;
    const r = four ? 0.15 : 0.17;
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.5).quadTo(0.52, 0.78, 0.66, 0.94).build(), "primary-", 0.045)];
    const turn = rng.range(-0.3, 0.3) + (four ? Math.PI / 4 : -Math.PI / 2);
    for (let i = 0; i < n; i++) {
      const a = turn + (i / n) * Math.PI * 2;
      const [dx, dy] = [Math.cos(a), Math.sin(a)];
      const [px, py] = [-dy, dx];
      const d = r * 1.05;
      // a heart: two lobes side by side, its point at the centre
      const leaf: Part[] = [
        solid(circle(0.5 + dx * d + px * r * 0.5, 0.5 + dy * d + py * r * 0.5, r * 0.72), "primary"),
        solid(circle(0.5 + dx * d - px * r * 0.5, 0.5 + dy * d - py * r * 0.5, r * 0.72), "primary"),
        solid(poly(0.5, 0.5, 0.5 + dx * d + px * r * 1.1, 0.5 + dy * d + py * r * 1.1, 0.5 + dx * d - px * r * 1.1, 0.5 + dy * d - py * r * 1.1), "primary"),
        line(poly(0.5, 0.5, 0.5 + dx * d * 1.5, 0.5 + dy * d * 1.5), "secondary", 0.015),
      ];
      parts.push(...leaf);
    }
    // the clefts between the leaves
    for (let i = 0; i < n; i++) {
      const a = turn + ((i + 0.5) / n) * Math.PI * 2;
      parts.push(line(poly(0.5, 0.5, 0.5 + Math.cos(a) * r * 1.6, 0.5 + Math.sin(a) * r * 1.6), "primary--", 0.025));
    }
    parts.push(detail(circle(0.5, 0.5, 0.03), "primary-"), shine(0.4, 0.36, 0.04, 0.02, -40, 0.4));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

/** A stack of bricks, three on top of one another, mortar between. */
export const bricks: IconShape = {
  primary: "red",
  secondary: "beige",
  accent: "dark",
  build(rng) {
    const [w, h] = [rng.range(0.36, 0.4), rng.range(0.17, 0.2)];
    const rows: [number, number][] = rng.chance(0.5)
      ? [
          [0.5 - w - 0.01, 0.86],
          [0.5 + 0.01, 0.86],
          [0.5 - w / 2, 0.86 - h - 0.02],
        ]
      : [
          [0.5 - w / 2 - 0.1, 0.86],
          [0.5 - w / 2 + 0.08, 0.86 - h - 0.02],
          [0.5 - w / 2 - 0.04, 0.86 - 2 * (h + 0.02)],
        ];
    const parts: Part[] = [];
    for (const [x, bottom] of rows) {
      const face = rect(x, bottom - h, w, h);
      parts.push(solid(poly(x, bottom - h, x + 0.06, bottom - h - 0.05, x + w + 0.06, bottom - h - 0.05, x + w, bottom - h), "primary+"));
      parts.push(solid(poly(x + w, bottom - h, x + w + 0.06, bottom - h - 0.05, x + w + 0.06, bottom - 0.05, x + w, bottom), "primary--"));
      parts.push(solid(face, "primary"), detail(rect(x, bottom - h, w, 0.025), "primary+"));
      for (let i = 0; i < 4; i++) parts.push(detail(circle(x + rng.range(0.05, w - 0.05), bottom - rng.range(0.04, h - 0.04), 0.012), "primary-"));
      parts.push(detail(rect(x, bottom - 0.02, w, 0.02), "secondary", { opacity: 0.7 }));
    }
    return parts;
  },
};
