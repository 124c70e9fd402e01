/**
 * Everyday things of many game settings (issue 39): a dial gauge, scissors, a horseshoe, a ticket, a
 * poster, a fan of playing cards, goggles, a wax seal. Each is a recipe of discs, bands, bars and
 * sheets, the seed varying proportions and details; the words a shape reads change it ("lucky", "wanted").
 */
import { arcBand, circle, ellipse, rect, regularPolygon, rotationAbout, roundRect, star, transformPath, type Contour } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, shine, solid, steps } from "./kit.js";

const has = (words: ReadonlySet<string> | undefined, ...names: string[]): boolean => names.some((n) => words?.has(n));

/** What a gauge measures, drawn small on its face: waves for depth, bubbles for oxygen, a drop for fuel. */
const MEASURES = ["depth", "oxygen", "air", "fuel", "temperature", "heat"];

/** A dial gauge: a rim, a face with ticks and a red zone, a needle; a pressure gauge's fitting below. */
export const gauge: IconShape = {
  primary: "bronze",
  secondary: "white",
  accent: "red",
  reads: MEASURES,
  build(rng, _e, words) {
    const [cx, cy, r] = [0.5, 0.46, rng.range(0.32, 0.36)];
    const parts: Part[] = [
      solid(rect(0.44, cy + r - 0.02, 0.12, 0.14), "metal-"),
      solid(rect(0.4, cy + r + 0.1, 0.2, 0.06), "metal"),
      solid(circle(cx, cy, r), "primary"),
      shadeRight(circle(cx, cy, r), "primary-", cx + r * 0.3),
      detail(circle(cx, cy, r * 0.8), "secondary"),
    ];
    const [a0, a1] = [Math.PI * 0.75, Math.PI * 2.25];
    parts.push(detail(arcBand(cx, cy, r * 0.62, r * 0.76, a1 - 0.9, a1), "accent"));
    for (const t of steps(0, 1, 9)) {
      const a = a0 + (a1 - a0) * t;
      const [i, o] = [t * 8 === Math.round(t * 8) && Math.round(t * 8) % 2 === 0 ? r * 0.56 : r * 0.64, r * 0.76];
      parts.push(line(poly(cx + Math.cos(a) * i, cy + Math.sin(a) * i, cx + Math.cos(a) * o, cy + Math.sin(a) * o), "dark", 0.018));
    }
    const a = a0 + (a1 - a0) * rng.range(0.2, 0.85);
    parts.push(bar(poly(cx - Math.cos(a) * r * 0.12, cy - Math.sin(a) * r * 0.12, cx + Math.cos(a) * r * 0.7, cy + Math.sin(a) * r * 0.7), "accent-", 0.035));
    const [mx, my] = [cx, cy + r * 0.42];
    if (has(words, "depth"))
      for (const dy of [-0.025, 0.02])
        parts.push(line(poly(mx - 0.07, my + dy, mx - 0.035, my + dy - 0.02, mx, my + dy, mx + 0.035, my + dy - 0.02, mx + 0.07, my + dy), "dark", 0.014));
    else if (has(words, "oxygen", "air"))
      for (const [x, y, s] of [
        [mx - 0.04, my + 0.01, 0.025],
        [mx + 0.02, my - 0.01, 0.018],
        [mx + 0.05, my + 0.025, 0.012],
      ] as const)
        parts.push(line(circle(x, y, s, 20), "dark", 0.012));
    else if (has(words, "fuel")) parts.push(detail([poly(mx - 0.025, my, mx, my - 0.05, mx + 0.025, my), circle(mx, my + 0.005, 0.026)], "dark"));
    else if (has(words, "temperature", "heat"))
      parts.push(detail(rect(mx - 0.01, my - 0.05, 0.02, 0.06), "accent"), detail(circle(mx, my + 0.02, 0.022), "accent"));
    parts.push(solid(circle(cx, cy, 0.045), "dark"), shine(cx - r * 0.45, cy - r * 0.45, 0.08, 0.03, -45, 0.6));
    return parts;
  },
};

/** Scissors (shears): two crossed blades on a pivot, ring handles; pruning shears' blades short and curved. */
export const scissors: IconShape = {
  primary: "red",
  secondary: "steel",
  accent: "grey",
  reads: ["pruning", "garden", "gardening"],
  build(rng, _e, words) {
    const pruning = has(words, "pruning", "garden", "gardening");
    const [px, py] = [0.5, 0.5];
    const len = pruning ? 0.26 : rng.range(0.36, 0.42);
    const open = rng.range(0.22, 0.32);
    const parts: Part[] = [];
    for (const side of [-1, 1]) {
      const tip: [number, number] = [px + side * Math.sin(open) * len, py - Math.cos(open) * len];
      const blade = pruning
        ? poly(px - side * 0.03, py + 0.02, px + side * 0.06, py - 0.08, tip[0] + side * 0.04, tip[1] + 0.02, tip[0], tip[1], px + side * 0.01, py - 0.04)
        : poly(px - side * 0.035, py + 0.03, tip[0], tip[1], px + side * 0.035, py - 0.02);
      parts.push(solid(blade, "secondary"), detail(poly(px, py, tip[0], tip[1]), "secondary+", { stroke: 0.012 }));
      // the handle, crossing over to the other side below the pivot
      const [hx, hy] = [px - side * 0.16, py + (pruning ? 0.3 : 0.22)];
      if (pruning) parts.push(bar(poly(px, py, hx, hy), "primary", 0.07));
      else
        parts.push(bar(poly(px, py, hx, hy - 0.06), "secondary-", 0.04), solid([circle(hx, hy, 0.09), circle(hx, hy, 0.055)], "primary", { rule: "evenodd" }));
    }
    if (pruning) parts.push(bar(poly(0.44, 0.62, 0.5, 0.66, 0.56, 0.62), "accent", 0.02));
    parts.push(solid(circle(px, py, 0.03), "accent"), detail(circle(px, py, 0.012), "dark"));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

/** A horseshoe: a U of iron with nail holes; a lucky one opens upward, gold glints round it. */
export const horseshoe: IconShape = {
  primary: "grey",
  secondary: "dark",
  accent: "gold",
  reads: ["lucky", "luck"],
  build(rng, _e, words) {
    const lucky = has(words, "lucky", "luck");
    const [cx, cy, r, t] = [0.5, 0.48, rng.range(0.3, 0.34), rng.range(0.1, 0.12)];
    const band = arcBand(cx, cy, r - t, r, -0.15 * Math.PI, 1.15 * Math.PI, 40);
    const parts: Part[] = [solid(band, "primary"), shadeRight(band, "primary-", cx + r * 0.3)];
    for (const a of steps(0.05 * Math.PI, 0.95 * Math.PI, 6))
      parts.push(detail(rect(cx + Math.cos(a) * (r - t / 2) - 0.012, cy + Math.sin(a) * (r - t / 2) - 0.018, 0.024, 0.036), "secondary"));
    for (const a of [-0.15 * Math.PI, 1.15 * Math.PI])
      parts.push(solid(circle(cx + Math.cos(a) * (r - t / 2), cy + Math.sin(a) * (r - t / 2), t * 0.6), "primary"));
    parts.push(detail(arcBand(cx, cy, r - t * 0.35, r - t * 0.15, 0.6, 2.2), "primary+", { opacity: 0.8 }));
    const turned = rotateParts(parts, lucky ? 180 : rng.range(-15, 15));
    if (lucky)
      for (const [x, y, s] of [
        [0.18, 0.2, 0.07],
        [0.84, 0.3, 0.05],
        [0.8, 0.82, 0.06],
      ] as const)
        turned.push(solid(star(x, y, s, s * 0.3, 4), "accent"));
    return turned;
  },
};

/** A ticket: a stub with notched sides and a perforated tear line; a train ticket shows a locomotive. */
export const ticket: IconShape = {
  primary: "gold",
  secondary: "brown",
  accent: "red",
  reads: ["train", "locomotive", "railroad", "railway", "admit", "raffle", "movie", "cinema"],
  build(rng, _e, words) {
    const [x0, y0, w, h] = [0.1, 0.3, 0.8, 0.4];
    const notches: Contour[] = [circle(x0, y0 + h / 2, 0.06), circle(x0 + w, y0 + h / 2, 0.06)];
    const body = roundRect(x0, y0, w, h, 0.03);
    const parts: Part[] = [
      solid([body, ...notches], "primary", { rule: "evenodd" }),
      detail(rect(x0, y0 + h - 0.06, w, 0.06), "primary-", { clips: [[body]] }),
    ];
    const tear = x0 + w * 0.7;
    for (const y of steps(y0 + 0.04, y0 + h - 0.04, 6)) parts.push(detail(circle(tear, y, 0.012), "secondary"));
    parts.push(detail(rect(x0 + 0.08, y0 + 0.06, w * 0.5, h - 0.12), "secondary", { opacity: 0.25 }));
    if (has(words, "train", "locomotive", "railroad", "railway")) {
      const [lx, ly] = [x0 + 0.12, y0 + 0.12];
      parts.push(
        detail(rect(lx, ly + 0.05, 0.22, 0.1), "secondary"),
        detail(rect(lx + 0.14, ly, 0.08, 0.15), "secondary"),
        detail(rect(lx + 0.03, ly + 0.01, 0.04, 0.05), "secondary"),
        detail(circle(lx + 0.05, ly + 0.17, 0.03), "dark"),
        detail(circle(lx + 0.17, ly + 0.17, 0.03), "dark"),
      );
    } else for (const y of [y0 + 0.12, y0 + 0.2, y0 + 0.28]) parts.push(detail(rect(x0 + 0.12, y, rng.range(0.24, 0.36), 0.03), "secondary"));
    parts.push(detail(star(x0 + w * 0.85, y0 + h / 2, 0.06, 0.025, 5), "accent"));
    return rotateParts(parts, rng.range(-25, -10));
  },
};

/** A poster or notice nailed up: a sheet of paper; wanted, a portrait under a heading; a reward, a row of coins. */
export const poster: IconShape = {
  primary: "beige",
  secondary: "brown",
  accent: "gold",
  reads: ["wanted", "reward", "dead", "alive", "outlaw"],
  build(rng, _e, words) {
    const [x0, y0, w, h] = [0.2, 0.1, 0.6, 0.8];
    const sheet = poly(x0, y0, x0 + w, y0 + 0.02, x0 + w - 0.02, y0 + h, x0 + 0.02, y0 + h - 0.02);
    const parts: Part[] = [
      solid(sheet, "primary"),
      shadeRight(sheet, "primary-", x0 + w * 0.8),
      detail(poly(x0 + w - 0.1, y0 + h, x0 + w - 0.02, y0 + h, x0 + w - 0.02, y0 + h - 0.1), "primary--"),
    ];
    const wanted = has(words, "wanted", "outlaw", "dead", "alive");
    const reward = has(words, "reward");
    parts.push(detail(rect(x0 + 0.08, y0 + 0.07, w - 0.16, 0.08), "secondary"));
    if (wanted) {
      const [fx, fy] = [0.5, y0 + 0.36];
      parts.push(detail(rect(x0 + 0.12, y0 + 0.2, w - 0.24, 0.3), "secondary+", { opacity: 0.45 }));
      parts.push(
        detail(circle(fx, fy - 0.03, 0.07), "secondary"),
        detail(ellipse(fx, fy + 0.12, 0.13, 0.08), "secondary", { clips: [[rect(0, 0, 1, y0 + 0.5)]] }),
      );
      parts.push(detail(poly(fx - 0.12, fy - 0.08, fx + 0.12, fy - 0.08, fx + 0.07, fy - 0.15, fx - 0.07, fy - 0.15), "secondary"));
    } else for (const y of steps(y0 + 0.22, y0 + 0.48, 4)) parts.push(detail(rect(x0 + 0.1, y, rng.range(0.3, 0.4), 0.03), "secondary", { opacity: 0.7 }));
    if (reward)
      for (const x of steps(x0 + 0.14, x0 + w - 0.14, 3))
        parts.push(solid(circle(x, y0 + 0.64, 0.055), "accent"), detail(circle(x, y0 + 0.64, 0.03), "accent-"));
    else parts.push(detail(rect(x0 + 0.12, y0 + 0.6, w - 0.24, 0.04), "secondary", { opacity: 0.7 }));
    parts.push(detail(rect(x0 + 0.16, y0 + 0.7, w - 0.32, 0.03), "secondary", { opacity: 0.6 }));
    parts.push(solid(circle(0.5, y0 + 0.03, 0.025), "metal-"));
    return rotateParts(parts, rng.range(-6, 6));
  },
};

const SUITS = ["heart", "spade", "diamond", "club"] as const;
function suit(kind: (typeof SUITS)[number], x: number, y: number, s: number): Contour[] {
  if (kind === "diamond") return [poly(x, y - s, x + s * 0.7, y, x, y + s, x - s * 0.7, y)];
  if (kind === "club")
    return [
      circle(x, y - s * 0.45, s * 0.4),
      circle(x - s * 0.45, y + s * 0.1, s * 0.4),
      circle(x + s * 0.45, y + s * 0.1, s * 0.4),
      poly(x - s * 0.2, y + s, x, y, x + s * 0.2, y + s),
    ];
  const heart = [circle(x - s * 0.42, y - s * 0.2, s * 0.45), circle(x + s * 0.42, y - s * 0.2, s * 0.45), poly(x - s * 0.85, y, x + s * 0.85, y, x, y + s)];
  if (kind === "heart") return heart;
  return [
    circle(x - s * 0.42, y + s * 0.15, s * 0.45),
    circle(x + s * 0.42, y + s * 0.15, s * 0.45),
    poly(x - s * 0.85, y + s * 0.05, x + s * 0.85, y + s * 0.05, x, y - s),
    poly(x - s * 0.2, y + s, x, y + s * 0.2, x + s * 0.2, y + s),
  ];
}

/** A hand of playing cards: three to five fanned from the bottom, each with its suit. */
export const cards: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "black",
  build(rng) {
    const n = rng.int(3, 5);
    const parts: Part[] = [];
    const spread = 0.5;
    for (let i = 0; i < n; i++) {
      const angle = ((i - (n - 1) / 2) / Math.max(1, n - 1)) * spread * 2 * (180 / Math.PI);
      const kind = SUITS[(i + rng.int(0, 3)) % 4] ?? "heart";
      const ink = kind === "heart" || kind === "diamond" ? "secondary" : "accent";
      const card: Part[] = [
        solid(roundRect(0.33, 0.16, 0.34, 0.5, 0.04), "primary"),
        detail(suit(kind, 0.5, 0.38, 0.07), ink),
        detail(suit(kind, 0.38, 0.23, 0.03), ink),
        detail(rect(0.36, 0.27, 0.03, 0.02), ink),
      ];
      // fanned about a point below the hand
      const m = rotationAbout((angle * Math.PI) / 180, 0.5, 0.95);
      parts.push(
        ...card.map((p) => ({
          ...p,
          path: transformPath(
            p.path.map((c) => c.map(([x, y]) => [x, y + 0.14] as const)),
            m,
          ),
        })),
      );
    }
    return parts;
  },
};

/** Goggles (glasses): two round lenses on a bridge, a strap behind. */
export const goggles: IconShape = {
  primary: "brown",
  secondary: "bronze",
  accent: "sky",
  build(rng) {
    const [y, r, gap] = [0.5, rng.range(0.15, 0.17), rng.range(0.18, 0.2)];
    const parts: Part[] = [solid(roundRect(0.06, y - 0.05, 0.88, 0.1, 0.04), "primary"), detail(rect(0.06, y - 0.01, 0.88, 0.02), "primary-")];
    for (const side of [-1, 1]) {
      const x = 0.5 + side * gap;
      parts.push(
        solid(circle(x, y, r), "secondary"),
        detail(circle(x, y, r * 0.74), "accent"),
        detail(circle(x, y, r * 0.74), "accent-", { clips: [[rect(x, y, 1, 1)]] }),
      );
      parts.push(shine(x - r * 0.3, y - r * 0.3, r * 0.25, r * 0.1, -40, 0.8));
      for (const a of steps(0, Math.PI * 1.75, 8)) parts.push(detail(circle(x + Math.cos(a) * r * 0.87, y + Math.sin(a) * r * 0.87, 0.01), "secondary-"));
    }
    parts.push(solid(rect(0.5 - gap + r * 0.8, y - 0.03, (gap - r * 0.8) * 2, 0.05), "secondary-"));
    return rotateParts(parts, rng.range(-10, 10));
  },
};

/** A wax seal: a blob of wax pressed with a stamp (an emblem in it), a ribbon tail or two. */
export const waxSeal: IconShape = {
  primary: "crimson",
  secondary: "gold",
  accent: "crimson",
  emblem: { cx: 0.5, cy: 0.46, r: 0.16 },
  container: true,
  build(rng, hasEmblem) {
    const parts: Part[] = [];
    if (rng.chance(0.6))
      for (const side of [-1, 1]) parts.push(solid(poly(0.5, 0.6, 0.5 + side * 0.2, 0.92, 0.5 + side * 0.1, 0.86, 0.5 + side * 0.04, 0.94), "secondary"));
    const blob: [number, number][] = [];
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * Math.PI * 2;
      const r = 0.3 * (i % 2 ? 0.9 : 1.04) * rng.range(0.96, 1.04);
      blob.push([0.5 + Math.cos(a) * r, 0.46 + Math.sin(a) * r]);
    }
    parts.push(
      solid(blob, "primary"),
      shadeRight(blob, "primary-", 0.62),
      detail(circle(0.5, 0.46, 0.22), "primary-"),
      detail(circle(0.5, 0.46, 0.19), "primary"),
    );
    if (!hasEmblem) parts.push(detail(regularPolygon(0.5, 0.46, 0.1, 5), "primary--"), detail(star(0.5, 0.46, 0.09, 0.04, 5), "primary+"));
    parts.push(shine(0.36, 0.32, 0.06, 0.025, -40, 0.55));
    return parts;
  },
};
