/** More gear: backpack (inventory), compass, hoe, and the UI symbols crosshair, power and cart (shop). */
import { arcBand, circle, PathBuilder, rect, regularPolygon, roundRect, star, type Contour } from "../../kit/geometry.js";
import { deg, detail, fill, haft, line, lit, pts } from "./kit.js";
import { glyph, strokePath } from "./ui.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";

export const backpack: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "gold",
  build(rng) {
    const w = rng.range(0.28, 0.33);
    const body = roundRect(0.5 - w, 0.2, w * 2, 0.72, rng.range(0.1, 0.16));
    const parts: Part[] = [{ path: [roundRect(0.38, 0.06, 0.24, 0.2, 0.08), roundRect(0.43, 0.1, 0.14, 0.14, 0.05)], fill: "primary-", rule: "evenodd" }];
    parts.push(fill(body, "primary"), lit(body, "primary+", 0.36));
    const flap = new PathBuilder(0.5 - w, 0.42)
      .lineTo(0.5 - w, 0.3)
      .quadTo(0.5 - w, 0.2, 0.5, 0.2)
      .quadTo(0.5 + w, 0.2, 0.5 + w, 0.3)
      .lineTo(0.5 + w, 0.42)
      .quadTo(0.5, 0.5, 0.5 - w, 0.42)
      .build();
    parts.push(fill(flap, "primary-"), fill(roundRect(0.45, 0.38, 0.1, 0.1, 0.02), "accent"));
    const pocket = rng.int(0, 2);
    if (pocket > 0) {
      const pw = pocket === 1 ? w * 1.2 : w * 0.7;
      parts.push(
        fill(roundRect(0.5 - pw / 2, 0.6, pw, 0.24, 0.05), "secondary"),
        detail(rect(0.5 - pw / 2, 0.6, pw, 0.05), "secondary-", { clips: [[roundRect(0.5 - pw / 2, 0.6, pw, 0.24, 0.05)]] }),
      );
    }
    for (const s of [-1, 1]) parts.push(fill(roundRect(0.5 + s * (w + 0.01) - 0.04, 0.48, 0.08, 0.3, 0.04), "primary-"));
    if (rng.chance(0.5)) parts.push(fill(roundRect(0.5 - w - 0.04, 0.86, w * 2 + 0.08, 0.1, 0.05), "secondary-"));
    return rotateParts(parts, rng.range(-10, 10));
  },
};

export const compass: IconShape = {
  primary: "gold",
  secondary: "beige",
  accent: "red",
  build(rng) {
    const r = rng.range(0.38, 0.42);
    const parts: Part[] = [fill(circle(0.5, 0.06, 0.06), "primary"), ...glyph([circle(0.5, 0.52, r, 72)]), fill(circle(0.5, 0.52, r * 0.8, 72), "secondary")];
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      parts.push(
        line(0.5 + Math.cos(a) * r * 0.66, 0.52 + Math.sin(a) * r * 0.66, 0.5 + Math.cos(a) * r * 0.76, 0.52 + Math.sin(a) * r * 0.76, 0.02, "secondary--"),
      );
    }
    const needle = rng.range(-40, 40);
    const north = pts(0.5, 0.52 - r * 0.62, 0.57, 0.52, 0.43, 0.52);
    const south = pts(0.5, 0.52 + r * 0.62, 0.43, 0.52, 0.57, 0.52);
    parts.push(
      ...rotateParts([fill(south, "light--"), fill(north, "accent")], needle).map((p) => ({
        ...p,
        path: p.path.map((c) => c.map(([x, y]) => [x, y + 0.02] as const)),
      })),
    );
    parts.push(fill(circle(0.5, 0.54, 0.035), "primary"));
    return parts;
  },
};

export const hoe: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "silver",
  build(rng) {
    const bw = rng.range(0.13, 0.17);
    const bh = rng.range(0.22, 0.28);
    const neck = rng.range(0.16, 0.2);
    const x = 0.62;
    const left = x - neck - bw;
    const blade: Contour = rng.chance(0.5)
      ? pts(left + 0.03, 0.08, x - neck, 0.08, x - neck, 0.08 + bh, left, 0.08 + bh + 0.03)
      : pts(left + 0.04, 0.08, x - neck, 0.08, x - neck + 0.02, 0.08 + bh, left - 0.02, 0.08 + bh);
    const parts: Part[] = [...haft(x, 0.06, x, 1.04, 0.042)];
    parts.push(fill(roundRect(x - neck - 0.02, 0.07, neck + 0.08, 0.05, 0.02), "metal-"), fill(blade, "metal"), lit(blade, "metal+", left + bw * 0.4));
    parts.push(detail(rect(left, 0.08 + bh - 0.04, bw + 0.02, 0.04), "metal++", { clips: [[blade]] }));
    parts.push(fill(roundRect(x - 0.05, 0.84, 0.1, 0.18, 0.03), "secondary"));
    return rotateParts(parts, rng.pick([25, 35, -20]));
  },
};

export const crosshair: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.06, 0.09);
    const r = rng.range(0.28, 0.32);
    const contours: Contour[] = [circle(0.5, 0.5, r + w / 2, 72), circle(0.5, 0.5, r - w / 2, 72)];
    const parts: Part[] = [...glyph(contours, "evenodd")];
    const gap = rng.range(0.08, 0.14);
    const ticks: Contour[] = [];
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      ticks.push(...strokePath(pts(0.5 + dx * gap, 0.5 + dy * gap, 0.5 + dx * 0.46, 0.5 + dy * 0.46), w, rng.chance(0.5)));
    }
    parts.push(...glyph(ticks));
    if (rng.chance(0.5)) parts.push(fill(circle(0.5, 0.5, w * 0.7), "primary"));
    return parts;
  },
};

export const power: IconShape = {
  primary: "lime",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.1, 0.13);
    const r = rng.range(0.3, 0.34);
    const gapAngle = rng.range(30, 40);
    return glyph([arcBand(0.5, 0.54, r - w / 2, r + w / 2, deg(-90 + gapAngle), deg(270 - gapAngle), 48), ...strokePath(pts(0.5, 0.1, 0.5, 0.5), w, true)]);
  },
};

export const cart: IconShape = {
  primary: "white",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const w = rng.range(0.07, 0.09);
    const basket = pts(0.24, 0.28, 0.9, 0.28, 0.82, 0.62, 0.32, 0.62);
    const parts: Part[] = [...glyph([...strokePath(pts(0.06, 0.16, 0.2, 0.16, 0.32, 0.7, 0.82, 0.7), w, true), basket])];
    parts.push(...glyph([circle(0.38, 0.84, 0.07), circle(0.76, 0.84, 0.07)]));
    if (rng.chance(0.6)) for (let i = 0; i < 3; i++) parts.push(line(0.38 + i * 0.14, 0.34, 0.4 + i * 0.13, 0.56, 0.025, "primary--"));
    else parts.push(fill(circle(0.56, 0.2, 0.1), "secondary"), fill(circle(0.72, 0.22, 0.08), "secondary-"));
    return parts;
  },
};

/** An exit: a door frame and an arrow leaving it. */
export const exit: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "white",
  build(rng) {
    const w = rng.range(0.09, 0.12);
    const round = rng.chance(0.5);
    const frame = strokePath(pts(0.5, 0.14, 0.16, 0.14, 0.16, 0.86, 0.5, 0.86), w, round);
    const parts: Part[] = [...glyph(frame)];
    const shaft = strokePath(pts(0.36, 0.5, 0.72, 0.5), w, round);
    const head = pts(0.92, 0.5, 0.66, 0.26, 0.66, 0.74);
    parts.push(...glyph([...shaft, head]).map((p) => ({ ...p, fill: p.fill === "primary" ? ("secondary" as const) : ("secondary-" as const) })));
    return parts;
  },
};

/** A leaderboard: a podium of three steps, a star on the winner's. */
export const podium: IconShape = {
  primary: "gold",
  secondary: "silver",
  accent: "bronze",
  build(rng) {
    const high = rng.range(0.5, 0.58);
    const mid = high - rng.range(0.12, 0.18);
    const low = mid - rng.range(0.08, 0.12);
    const steps: [number, number, "primary" | "secondary" | "accent"][] = [
      [0.06, mid, "secondary"],
      [0.36, high, "primary"],
      [0.66, low, "accent"],
    ];
    const parts: Part[] = [];
    for (const [x, h, role] of steps) {
      const block = roundRect(x, 0.9 - h, 0.28, h, 0.02);
      parts.push(fill(block, role), lit(block, `${role}+`, x + 0.08), detail(rect(x, 0.9 - h, 0.28, 0.05), `${role}+`, { clips: [[block]] }));
    }
    parts.push(fill(star(0.5, 0.9 - high - 0.16, 0.16, 0.07, 5), "primary"), detail(star(0.5, 0.9 - high - 0.16, 0.08, 0.035, 5), "primary+"));
    if (rng.chance(0.5)) parts.push(detail(circle(0.2, 0.9 - mid + 0.16, 0.05), "secondary-"), detail(circle(0.8, 0.9 - low + 0.14, 0.05), "accent-"));
    return parts;
  },
};

/** A medal on a ribbon (an award, a badge of honour). */
export const medal: IconShape = {
  primary: "gold",
  secondary: "red",
  accent: "sky",
  emblem: { cx: 0.5, cy: 0.66, r: 0.14 },
  build(rng, hasEmblem) {
    const parts: Part[] = [];
    const striped = rng.chance(0.5);
    for (const s of [-1, 1]) {
      const strap = pts(0.5 + s * 0.3, 0.04, 0.5 + s * 0.08, 0.04, 0.5 - s * 0.06, 0.5, 0.5 + s * 0.14, 0.5);
      parts.push(fill(strap, s < 0 ? "secondary" : "secondary-"));
      if (striped) parts.push(detail(pts(0.5 + s * 0.22, 0.04, 0.5 + s * 0.16, 0.04, 0.5 + s * 0.02, 0.5, 0.5 + s * 0.08, 0.5), "accent"));
    }
    const r = rng.range(0.24, 0.28);
    const disc = rng.chance(0.6) ? circle(0.5, 0.66, r) : star(0.5, 0.66, r * 1.15, r * 0.85, rng.int(8, 12));
    parts.push(fill(disc, "primary"), lit(disc, "primary+", 0.44), detail(circle(0.5, 0.66, r * 0.74), "primary-", { stroke: 0.02 }));
    if (!hasEmblem) parts.push(fill(star(0.5, 0.67, r * 0.5, r * 0.22, 5), "primary+"));
    return parts;
  },
};

/** A game controller. */
export const gamepad: IconShape = {
  primary: "white",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const h = rng.range(0.34, 0.4);
    const body = new PathBuilder(0.28, 0.5 - h / 2)
      .lineTo(0.72, 0.5 - h / 2)
      .quadTo(0.94, 0.5 - h / 2, 0.96, 0.72)
      .quadTo(0.98, 0.9, 0.84, 0.88)
      .quadTo(0.74, 0.86, 0.66, 0.5 + h / 2 - 0.04)
      .lineTo(0.34, 0.5 + h / 2 - 0.04)
      .quadTo(0.26, 0.86, 0.16, 0.88)
      .quadTo(0.02, 0.9, 0.04, 0.72)
      .quadTo(0.06, 0.5 - h / 2, 0.28, 0.5 - h / 2)
      .build();
    const parts: Part[] = [...glyph([body])];
    parts.push(fill(rect(0.2, 0.47, 0.16, 0.06), "secondary"), fill(rect(0.25, 0.42, 0.06, 0.16), "secondary"));
    const round = rng.chance(0.5);
    for (const [dx, dy, f] of [
      [0.08, 0, "accent"],
      [0, -0.07, "secondary"],
      [0, 0.07, "secondary"],
      [-0.08, 0, "secondary"],
    ] as const) {
      parts.push(fill(round ? circle(0.7 + dx, 0.5 + dy, 0.035) : regularPolygon(0.7 + dx, 0.5 + dy, 0.045, 4), f));
    }
    if (rng.chance(0.5)) parts.push(fill(roundRect(0.44, 0.44, 0.05, 0.03, 0.01), "secondary"), fill(roundRect(0.51, 0.44, 0.05, 0.03, 0.01), "secondary"));
    return rotateParts(parts, rng.range(-10, 10));
  },
};
