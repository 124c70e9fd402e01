/** Icon shapes of loot and crafting resources: pouch, coin stacks, ingot, ore, log, plank, stone block. */
import { circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, type Contour } from "../../kit/geometry.js";
import { detail, fill, line, lit, outsideOf, pts, ribbon, curve } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { coin } from "./classics.js";
import type { Random } from "../../kit/random.js";

/** A coin seen edge-on at a slant (an ellipse with a rim), for stacks and spills. */
function flatCoin(cx: number, cy: number, rx: number): Part[] {
  return [
    fill(ellipse(cx, cy + 0.02, rx, rx * 0.38), "secondary-"),
    fill(ellipse(cx, cy, rx, rx * 0.38), "secondary"),
    detail(ellipse(cx, cy, rx * 0.7, rx * 0.24), "secondary+", { stroke: 0.01 }),
  ];
}

export const pouch: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "red",
  emblem: { cx: 0.5, cy: 0.66, r: 0.14 },
  build(rng, hasEmblem) {
    const w = rng.range(0.34, 0.4);
    const neck = rng.range(0.36, 0.42);
    const body = new PathBuilder(0.44, neck)
      .quadTo(0.5 - w - 0.06, neck + 0.1, 0.5 - w, 0.72)
      .quadTo(0.5 - w, 0.94, 0.5, 0.94)
      .quadTo(0.5 + w, 0.94, 0.5 + w, 0.72)
      .quadTo(0.5 + w + 0.06, neck + 0.1, 0.56, neck)
      .build();
    const top = new PathBuilder(0.42, neck + 0.02)
      .lineTo(0.3, 0.16)
      .quadTo(0.5, 0.26, 0.7, 0.16)
      .lineTo(0.58, neck + 0.02)
      .build();
    const parts: Part[] = [];
    const spill = rng.chance(0.5);
    if (spill) parts.push(...flatCoin(0.84, 0.86, 0.11), ...flatCoin(0.74, 0.93, 0.1));
    parts.push(
      fill(top, "primary"),
      lit(top, "primary+", 0.46),
      fill(body, "primary"),
      lit(body, "primary+", 0.36),
      detail(body, "primary-", { clips: [outsideOf(ellipse(0.44, 0.62, w * 1.02, 0.3))] }),
    );
    if (rng.chance(0.6)) parts.push(fill(ellipse(0.5, 0.2, 0.14, 0.05), "secondary"), detail(ellipse(0.5, 0.19, 0.1, 0.03), "secondary+"));
    parts.push(fill(roundRect(0.38, neck - 0.02, 0.24, 0.06, 0.03), "primary-"));
    const tie = rng.int(0, 1);
    if (tie === 0) parts.push(fill(ribbon(curve(0.56, neck + 0.02, 0.7, neck + 0.08, 0.66, neck + 0.22), 0.025), "accent"));
    else parts.push(fill(circle(0.6, neck + 0.04, 0.035), "secondary"));
    if (!hasEmblem) {
      const mark = rng.int(0, 2);
      if (mark === 0) parts.push(fill(circle(0.5, 0.68, 0.1), "secondary"), detail(circle(0.5, 0.68, 0.06), "secondary-", { stroke: 0.015 }));
      else if (mark === 1) parts.push(detail(ribbon(curve(0.3, 0.62, 0.5, 0.7, 0.7, 0.62), 0.02), "primary--"));
    }
    return rotateParts(parts, rng.range(-8, 8));
  },
};

/** How many coins a number word asks for ("pile of five coins"). */
const COIN_COUNTS: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5, pair: 2 };

/** `n` loose coins heaped: a row on the ground, the rest leaning on them. */
function coinHeap(n: number, rng: Random): Part[] {
  const r = n <= 2 ? 0.22 : n <= 3 ? 0.19 : 0.16;
  const ground = Math.min(n, 3);
  const spots: [number, number][] = [];
  for (let i = 0; i < ground; i++) spots.push([0.5 + (i - (ground - 1) / 2) * r * 1.9, 0.8]);
  for (let i = 0; i < n - ground; i++) spots.push([0.5 + (i - (n - ground - 1) / 2) * r * 1.9, 0.8 - r * 1.1]);
  const parts: Part[] = [];
  for (const [x, y] of spots) {
    const tilt = rng.range(0.55, 0.75);
    parts.push(fill(ellipse(x, y + 0.03, r, r * tilt), "primary-"), fill(ellipse(x, y, r, r * tilt), "primary"));
    parts.push(
      detail(ellipse(x, y, r * 0.68, r * tilt * 0.68), "primary+", { stroke: 0.014 }),
      detail(ellipse(x - r * 0.35, y - r * 0.2, r * 0.22, r * 0.08), "light", { opacity: 0.7 }),
    );
  }
  return parts;
}

/** Coins: stacks and loose coins ("stack", "pile": stacks only, no loose coin; "five coins": five of them). */
export const coins: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "white",
  reads: ["stack", "stacks", "pile", "piles", ...Object.keys(COIN_COUNTS)],
  build(rng, _hasEmblem, words) {
    const counted = Object.keys(COIN_COUNTS).find((w) => words?.has(w));
    if (counted !== undefined) return coinHeap(COIN_COUNTS[counted] ?? 3, rng);
    const stacked = ["stack", "stacks", "pile", "piles"].some((w) => words?.has(w));
    const stacks = rng.int(1, 3);
    const parts: Part[] = [];
    const layout =
      stacks === 1
        ? [[0.5, 0.86, 0.26]]
        : stacks === 2
          ? [
              [0.36, 0.86, 0.2],
              [0.66, 0.9, 0.2],
            ]
          : [
              [0.28, 0.88, 0.16],
              [0.5, 0.82, 0.18],
              [0.72, 0.9, 0.16],
            ];
    layout.forEach(([x = 0.5, base = 0.86, rx = 0.2], index) => {
      const count = rng.int(4, stacks === 1 ? 10 : 8);
      for (let i = 0; i < count; i++) {
        const jitter = rng.range(-0.015, 0.015);
        parts.push(
          fill(ellipse(x + jitter, base - i * 0.06 + 0.025, rx, rx * 0.36), "primary-"),
          fill(rect(x + jitter - rx, base - i * 0.06, rx * 2, 0.025), "primary-"),
        );
        parts.push(fill(ellipse(x + jitter, base - i * 0.06, rx, rx * 0.36), "primary"));
      }
      const topY = base - (count - 1) * 0.06;
      parts.push(detail(ellipse(x, topY, rx * 0.68, rx * 0.23), "primary+", { stroke: 0.012 }));
      if (index === 0) parts.push(detail(ellipse(x - rx * 0.4, topY - rx * 0.1, rx * 0.2, rx * 0.06), "light", { opacity: 0.7 }));
    });
    if (!stacked && rng.chance(0.5)) parts.push(fill(circle(0.84, 0.3, 0.1), "primary"), detail(circle(0.84, 0.3, 0.065), "primary-", { stroke: 0.012 }));
    return parts;
  },
};

/** An ingot (a truncated pyramid seen from above the front) with its base centre at (cx, by). */
function ingotAt(cx: number, by: number, w: number): Part[] {
  const h = w * 0.36;
  const inset = w * 0.16;
  const depth = w * 0.28;
  const front = pts(cx - w / 2, by, cx + w / 2, by, cx + w / 2 - inset, by - h, cx - w / 2 + inset, by - h);
  const top = pts(cx - w / 2 + inset, by - h, cx + w / 2 - inset, by - h, cx + w / 2 - inset * 1.6, by - h - depth, cx - w / 2 + inset * 0.4, by - h - depth);
  const side = pts(cx + w / 2, by, cx + w / 2 - inset, by - h, cx + w / 2 - inset * 1.6, by - h - depth, cx + w / 2 - inset * 0.2, by - depth * 0.8);
  return [
    fill(side, "primary--"),
    fill(front, "primary-"),
    fill(top, "primary+"),
    detail(pts(cx - w / 2 + inset * 1.2, by - h - depth * 0.3, cx - w / 4, by - h - depth * 0.3), "light", { stroke: 0.015, opacity: 0.8 }),
  ];
}

export const ingot: IconShape = {
  primary: "gold",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const stack = rng.int(1, 3);
    const parts: Part[] = [];
    if (stack === 1) parts.push(...ingotAt(0.5, 0.72, rng.range(0.72, 0.82)));
    else if (stack === 2) parts.push(...ingotAt(0.36, 0.84, 0.5), ...ingotAt(0.66, 0.74, 0.5));
    else parts.push(...ingotAt(0.3, 0.86, 0.46), ...ingotAt(0.72, 0.86, 0.46), ...ingotAt(0.5, 0.62, 0.46));
    if (rng.chance(0.5)) parts.push(detail(regularPolygon(0.2, 0.2, 0.06, 4), "light", { opacity: 0.9 }));
    return parts;
  },
};

/** A rough rock outline around (cx, cy). */
function rock(rng: Random, cx: number, cy: number, r: number, sides: number): Contour {
  const out: number[] = [];
  for (let i = 0; i < sides; i++) {
    const a = (i / sides) * Math.PI * 2 + rng.range(-0.2, 0.2);
    const d = r * rng.range(0.8, 1.08);
    out.push(cx + Math.cos(a) * d, cy + Math.sin(a) * d * 0.86);
  }
  return pts(...out);
}

export const ore: IconShape = {
  primary: "gold",
  secondary: "grey",
  accent: "white",
  build(rng) {
    const body = rock(rng, 0.5, 0.56, rng.range(0.38, 0.43), rng.int(7, 10));
    const parts: Part[] = [
      fill(body, "secondary-"),
      detail(body, "secondary", { clips: [outsideOf(ellipse(0.58, 0.66, 0.42, 0.38))] }),
      detail(body, "secondary--", { clips: [[ellipse(0.7, 0.8, 0.32, 0.26)]] }),
    ];
    const veins = rng.int(3, 5);
    for (let i = 0; i < veins; i++) {
      const cx = rng.range(0.3, 0.7);
      const cy = rng.range(0.38, 0.74);
      const chunk = regularPolygon(cx, cy, rng.range(0.06, 0.1), rng.int(4, 6), rng.range(0, 3));
      parts.push(fill(chunk, "primary"), detail(chunk, "primary++", { clips: [[rect(-1, -1, cx + 1, cy + 1)]] }));
    }
    parts.push(detail(circle(0.38, 0.42, 0.02), "light", { opacity: 0.9 }));
    return parts;
  },
};

/** A wooden log lying across, its cut end to the left. */
function logAt(cx: number, cy: number, len: number, r: number, stub: boolean): Part[] {
  const body = roundRect(cx - len / 2, cy - r, len, r * 2, r * 0.5);
  const parts: Part[] = [fill(body, "primary"), detail(rect(cx - len / 2, cy - r, len, r * 0.5), "primary+", { clips: [[body]] })];
  for (const dy of [-0.4, 0.1, 0.55]) parts.push(line(cx - len / 2 + r, cy + dy * r, cx + len / 2 - 0.04, cy + dy * r + 0.01, 0.014, "primary--"));
  if (stub)
    parts.push(
      fill(pts(cx + len * 0.1, cy - r + 0.01, cx + len * 0.16, cy - r - 0.1, cx + len * 0.24, cy - r - 0.08, cx + len * 0.22, cy - r + 0.01), "primary"),
    );
  const end = ellipse(cx - len / 2 + r * 0.1, cy, r * 0.72, r);
  parts.push(
    fill(end, "secondary"),
    detail(ellipse(cx - len / 2 + r * 0.1, cy, r * 0.5, r * 0.7), "secondary-", { stroke: 0.012 }),
    detail(ellipse(cx - len / 2 + r * 0.1, cy, r * 0.24, r * 0.36), "secondary-", { stroke: 0.012 }),
  );
  return parts;
}

export const log: IconShape = {
  primary: "brown",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const pile = rng.chance(0.45);
    const parts: Part[] = pile
      ? [...logAt(0.34, 0.74, 0.5, 0.13, false), ...logAt(0.66, 0.74, 0.5, 0.13, false), ...logAt(0.5, 0.5, 0.56, 0.13, rng.chance(0.5))]
      : logAt(0.5, 0.56, 0.82, rng.range(0.18, 0.22), true);
    if (!pile && rng.chance(0.5)) parts.push(fill(ellipse(0.76, 0.28, 0.08, 0.04, -0.5), "accent"));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

export const plank: IconShape = {
  primary: "tan",
  secondary: "grey",
  accent: "brown",
  build(rng) {
    const boards = rng.int(1, 3);
    const parts: Part[] = [];
    for (let i = 0; i < boards; i++) {
      const h = boards === 1 ? 0.26 : 0.18;
      const y = 0.5 - (boards - 1) * 0.1 + i * 0.2 - h / 2;
      const board = roundRect(0.04 + i * 0.03, y, 0.88, h, 0.02);
      parts.push(fill(board, i % 2 ? "primary-" : "primary"), detail(rect(0, y, 1, 0.04), "primary+", { clips: [[board]] }));
      for (let k = 0; k < 2; k++)
        parts.push(
          detail(
            ribbon(curve(0.14 + i * 0.03, y + 0.07 + k * 0.05, 0.5, y + 0.05 + k * 0.07 + rng.range(-0.02, 0.02), 0.84, y + 0.08 + k * 0.05), 0.012),
            "accent",
            { opacity: 0.6 },
          ),
        );
      for (const x of [0.15, 0.83]) parts.push(detail(circle(x + i * 0.03, y + 0.09, 0.022), "secondary"));
    }
    return rotateParts(parts, rng.range(-30, 30));
  },
};

/** Stone: a cut block, or a rough boulder ("block", "cube", "brick": always the cut block). */
export const stoneBlock: IconShape = {
  primary: "grey",
  secondary: "grey",
  accent: "green",
  reads: ["block", "blocks", "cube", "cubes"],
  build(rng, _hasEmblem, words) {
    const cut = ["block", "blocks", "cube", "cubes"].some((w) => words?.has(w));
    if (!cut && rng.chance(0.4)) {
      const body = rock(rng, 0.5, 0.58, rng.range(0.38, 0.42), rng.int(7, 9));
      const parts: Part[] = [
        fill(body, "primary"),
        detail(body, "primary+", { clips: [outsideOf(ellipse(0.58, 0.68, 0.42, 0.38))] }),
        detail(body, "primary-", { clips: [[ellipse(0.72, 0.82, 0.32, 0.26)]] }),
      ];
      for (let i = 0; i < 2; i++)
        parts.push(
          detail(
            ribbon(
              pts(rng.range(0.3, 0.6), rng.range(0.3, 0.45), rng.range(0.35, 0.65), rng.range(0.5, 0.6), rng.range(0.3, 0.7), rng.range(0.65, 0.75)),
              0.015,
            ),
            "primary--",
          ),
        );
      return parts;
    }
    const s = rng.range(0.5, 0.58);
    const d = s * 0.42;
    const x0 = 0.5 - (s + d * 0.8) / 2;
    const y1 = 0.5 + (s + d * 0.6) / 2;
    const front = rect(x0, y1 - s, s, s);
    const top = pts(x0, y1 - s, x0 + s, y1 - s, x0 + s + d * 0.8, y1 - s - d * 0.6, x0 + d * 0.8, y1 - s - d * 0.6);
    const side = pts(x0 + s, y1 - s, x0 + s + d * 0.8, y1 - s - d * 0.6, x0 + s + d * 0.8, y1 - d * 0.6, x0 + s, y1);
    const parts: Part[] = [fill(side, "primary-"), fill(front, "primary"), fill(top, "primary+")];
    const cracks = rng.int(1, 3);
    for (let i = 0; i < cracks; i++) {
      const sx = x0 + rng.range(0.1, 0.9) * s;
      const sy = y1 - s + rng.range(0.05, 0.3) * s;
      parts.push(detail(ribbon(pts(sx, sy, sx + rng.range(-0.08, 0.08), sy + 0.1, sx + rng.range(-0.1, 0.1), sy + 0.2), 0.015), "primary--"));
    }
    if (rng.chance(0.5)) parts.push(detail(ellipse(x0 + s * 0.2, y1 - s - d * 0.3 + 0.01, 0.08, 0.03), "accent", { opacity: 0.8 }));
    for (let i = 0; i < 4; i++) parts.push(detail(circle(x0 + rng.range(0.1, 0.9) * s, y1 - rng.range(0.1, 0.9) * s, 0.012), "primary-"));
    return parts;
  },
};

/** Words that turn a coin into stacks of coins. */
const PILE_WORDS = ["stack", "stacks", "pile", "piles", "heap"];

/** The coin, or with "pile", "stack"... stacks of coins. */
export const coinOrPile: IconShape = {
  ...coin,
  reads: [...PILE_WORDS, ...Object.keys(COIN_COUNTS)],
  build(rng, hasEmblem, words) {
    return [...PILE_WORDS, ...Object.keys(COIN_COUNTS)].some((w) => words?.has(w)) ? coins.build(rng, hasEmblem, words) : coin.build(rng, hasEmblem, words);
  },
};
