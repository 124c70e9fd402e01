/**
 * More everyday things (issue 39): a mortar and pestle, a screwdriver, a drill, an energy cell, a
 * drinking glass or goblet, seaweed, a sprig or bundle of herbs, a diving helmet, a ship's wheel, a
 * honeycomb. Recipes of discs, bands and bars like everyday.ts'.
 */
import { arcBand, capsule, circle, ellipse, PathBuilder, rect, regularPolygon, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { DRINKS } from "../gear/potion.js";
import { bar, detail, line, poly, shadeRight, shine, solid, steps } from "./kit.js";

const has = (words: ReadonlySet<string> | undefined, ...names: string[]): boolean => names.some((n) => words?.has(n));

/** A mortar (a stone bowl) with its pestle leaning in it. */
export const mortar: IconShape = {
  primary: "grey",
  secondary: "tan",
  accent: "green",
  build(rng) {
    const lean = rng.range(0.1, 0.2);
    const bowl = new PathBuilder(0.16, 0.5).cubicTo(0.18, 0.86, 0.82, 0.86, 0.84, 0.5).lineTo(0.16, 0.5).build();
    return [
      bar(poly(0.42, 0.56, 0.62 + lean, 0.14), "secondary", 0.09),
      detail(circle(0.62 + lean, 0.14, 0.05), "secondary+"),
      solid(rect(0.34, 0.8, 0.32, 0.08), "primary-"),
      solid(bowl, "primary"),
      shadeRight(bowl, "primary-", 0.62),
      solid(ellipse(0.5, 0.5, 0.34, 0.07), "primary+"),
      detail(ellipse(0.5, 0.51, 0.28, 0.045), "accent-"),
      shine(0.28, 0.62, 0.04, 0.08, 20, 0.5),
    ];
  },
};

/** A screwdriver: a grooved handle, a steel shaft, a flat tip. */
export const screwdriver: IconShape = {
  primary: "red",
  secondary: "steel",
  accent: "black",
  build(rng) {
    const len = rng.range(0.36, 0.42);
    const handle = capsule(0.5, 0.56, 0.5, 0.9, 0.09);
    const parts: Part[] = [
      solid(rect(0.475, 0.56 - len, 0.05, len + 0.02), "secondary"),
      solid(poly(0.46, 0.56 - len, 0.54, 0.56 - len, 0.52, 0.5 - len, 0.48, 0.5 - len), "secondary-"),
      solid(handle, "primary"),
      shadeRight(handle, "primary-", 0.53),
      solid(rect(0.42, 0.54, 0.16, 0.04), "accent"),
    ];
    for (const x of [0.46, 0.5, 0.54]) parts.push(line(poly(x, 0.62, x, 0.86), "primary--", 0.014));
    return rotateParts(parts, rng.range(30, 50));
  },
};

/** A hand drill: a body with a pistol grip, a chuck and a twisted bit; a laser drill fires a beam. */
export const drill: IconShape = {
  primary: "amber",
  secondary: "black",
  accent: "cyan",
  reads: ["laser", "plasma"],
  build(rng, _e, words) {
    const laser = has(words, "laser", "plasma");
    const parts: Part[] = [
      solid(poly(0.3, 0.5, 0.44, 0.5, 0.46, 0.84, 0.3, 0.84), "secondary"),
      solid(rect(0.26, 0.82, 0.24, 0.08), "primary-"),
      solid(roundRect(0.14, 0.3, 0.5, 0.22, 0.08), "primary"),
      shadeRight(roundRect(0.14, 0.3, 0.5, 0.22, 0.08), "primary-", 0.5),
      detail(rect(0.2, 0.36, 0.16, 0.03), "secondary"),
      solid(rect(0.62, 0.34, 0.1, 0.14), "secondary"),
    ];
    if (laser) {
      parts.push(solid(rect(0.72, 0.37, 0.06, 0.08), "metal"), detail(rect(0.78, 0.39, 0.2, 0.04), "accent"), detail(rect(0.78, 0.4, 0.2, 0.02), "light"));
      parts.push(detail(circle(0.78, 0.41, 0.05), "accent", { opacity: 0.7 }));
    } else {
      parts.push(solid(poly(0.72, 0.385, 0.92, 0.405, 0.96, 0.41, 0.92, 0.415, 0.72, 0.435), "metal"));
      for (const x of steps(0.75, 0.9, 5)) parts.push(line(poly(x, 0.39, x + 0.025, 0.43), "metal-", 0.012));
    }
    parts.push(shine(0.24, 0.34, 0.06, 0.02, 0, 0.6));
    return rotateParts(parts, rng.range(-8, 4));
  },
};

/** An energy cell or fuel rod: a glass tube with a glowing core between metal caps. */
export const cell: IconShape = {
  primary: "lime",
  secondary: "steel",
  accent: "white",
  build(rng) {
    const w = rng.range(0.24, 0.3);
    const x0 = 0.5 - w / 2;
    const tube = rect(x0 + 0.02, 0.24, w - 0.04, 0.52);
    const parts: Part[] = [
      solid(tube, "glass"),
      detail(rect(x0 + 0.06, 0.26, w - 0.12, 0.48), "primary"),
      detail(rect(0.5 - 0.025, 0.26, 0.05, 0.48), "primary+"),
      detail(rect(0.5 - 0.01, 0.26, 0.02, 0.48), "accent", { opacity: 0.8 }),
    ];
    for (const y of [0.2, 0.76]) parts.push(solid(roundRect(x0 - 0.02, y - 0.04 + (y > 0.5 ? 0 : 0), w + 0.04, 0.08, 0.02), "secondary"));
    parts.push(solid(rect(0.44, 0.1, 0.12, 0.08), "secondary-"), solid(rect(0.44, 0.82, 0.12, 0.06), "secondary-"));
    for (const y of steps(0.34, 0.66, 3)) parts.push(detail(rect(x0 + 0.02, y, w - 0.04, 0.02), "secondary", { opacity: 0.8 }));
    parts.push(shine(x0 + 0.05, 0.4, 0.015, 0.1, 0, 0.8));
    return rotateParts(parts, rng.range(-12, 12));
  },
};

const drinkOf = (words: ReadonlySet<string> | undefined): string | undefined => Object.keys(DRINKS).find((d) => words?.has(d));
const STEMMED = ["goblet", "chalice", "wine", "champagne", "cocktail", "martini"];

/** A drinking glass: a tumbler of whiskey (ice in it), or a stemmed goblet of wine. */
export const tumbler: IconShape = {
  primary: "amber",
  secondary: "glass",
  accent: "white",
  reads: [...Object.keys(DRINKS), ...STEMMED.slice(2), "water", "ice"],
  primaryFor: (words) =>
    words.has("wine") ? "maroon" : words.has("water") ? "sky" : has(words, "cocktail", "martini") ? "pink" : DRINKS[drinkOf(words) ?? ""],
  build(rng, _e, words) {
    const stemmed = has(words, ...STEMMED);
    const parts: Part[] = [];
    if (stemmed) {
      const bowl = new PathBuilder(0.24, 0.14).lineTo(0.76, 0.14).cubicTo(0.76, 0.5, 0.6, 0.58, 0.5, 0.58).cubicTo(0.4, 0.58, 0.24, 0.5, 0.24, 0.14).build();
      const metal = words?.has("goblet") || words?.has("chalice");
      parts.push(solid(rect(0.47, 0.56, 0.06, 0.26), metal ? "secondary" : "glass"), solid(ellipse(0.5, 0.84, 0.18, 0.05), metal ? "secondary" : "glass"));
      parts.push(solid(bowl, metal ? "secondary" : "glass"), detail(bowl, "primary", { clips: [[rect(0, 0.26, 1, 1)]] }));
      if (metal) parts.push(detail(rect(0.24, 0.2, 0.52, 0.04), "secondary-"));
    } else {
      const glass = poly(0.24, 0.2, 0.76, 0.2, 0.72, 0.84, 0.28, 0.84);
      const level = rng.range(0.46, 0.56);
      parts.push(solid(glass, "glass"), detail(poly(0.26, level, 0.74, level, 0.72, 0.8, 0.28, 0.8), "primary"));
      if (!words?.has("water") || words.has("ice"))
        for (const [x, y] of [
          [0.4, level - 0.02],
          [0.56, level + 0.06],
        ] as const)
          parts.push(detail(roundRect(x - 0.07, y - 0.06, 0.13, 0.12, 0.02), "light", { opacity: 0.7 }));
      parts.push(solid(rect(0.28, 0.8, 0.44, 0.05), "glass-"));
    }
    parts.push(shine(0.32, 0.34, 0.02, 0.1, 0, 0.8));
    return rotateParts(parts, rng.range(-6, 6));
  },
};

/** Seaweed: wavy fronds of kelp with bladders; a bundle is tied with a cord. */
export const seaweed: IconShape = {
  primary: "olive",
  secondary: "green",
  accent: "tan",
  reads: ["bundle", "bundled", "bunch", "tied"],
  build(rng, _e, words) {
    const bundle = has(words, "bundle", "bundled", "bunch", "tied");
    const parts: Part[] = [];
    const n = rng.int(3, 4);
    for (let i = 0; i < n; i++) {
      const x = bundle ? 0.5 + (i - (n - 1) / 2) * 0.04 : 0.25 + (0.5 * i) / (n - 1);
      const spread = bundle ? (i - (n - 1) / 2) * 0.12 : 0;
      const top = rng.range(0.1, 0.22);
      const frond = new PathBuilder(x, 0.9).cubicTo(x - 0.1 + spread, 0.7, x + 0.1 + spread, 0.45, x + spread * 1.6 + rng.range(-0.04, 0.04), top).build();
      parts.push(bar(frond, i % 2 ? "primary" : "secondary", rng.range(0.06, 0.08)));
      parts.push(detail(circle(x + spread * 0.9 + 0.03, 0.5, 0.025), "primary+"));
    }
    if (bundle) parts.push(solid(rect(0.4, 0.68, 0.2, 0.05), "accent"), bar(poly(0.46, 0.73, 0.42, 0.82), "accent", 0.02));
    return parts;
  },
};

/** A sprig of herbs (rosemary, thyme, mint), or lavender's flower spikes; a bundle is tied with twine. */
export const herbs: IconShape = {
  primary: "green",
  secondary: "olive",
  accent: "tan",
  reads: ["bundle", "bundled", "bunch", "tied", "sprig", "sprigs"],
  build(rng, _e, words) {
    const bundle = has(words, "bundle", "bundled", "bunch", "tied");
    const spikes = words?.has("lavender") ?? false;
    const n = bundle ? 5 : 1;
    const parts: Part[] = [];
    for (let i = 0; i < n; i++) {
      const a = bundle ? (i - (n - 1) / 2) * 0.16 : rng.range(-0.15, 0.15);
      const [bx, by] = [0.5, 0.88];
      const len = rng.range(0.62, 0.72);
      const [tx, ty] = [bx + Math.sin(a) * len, by - Math.cos(a) * len];
      parts.push(bar(poly(bx, by, tx, ty), "secondary", 0.025));
      for (const t of steps(spikes ? 0.6 : 0.25, 0.95, spikes ? 5 : 6)) {
        const [x, y] = [bx + (tx - bx) * t, by + (ty - by) * t];
        if (spikes) parts.push(solid(ellipse(x, y, 0.03, 0.04, a), "primary"));
        else for (const side of [-1, 1]) parts.push(solid(ellipse(x + side * 0.04, y, 0.045, 0.016, a + side * 0.5), "primary"));
      }
    }
    if (bundle) parts.push(solid(rect(0.42, 0.7, 0.16, 0.05), "accent"), bar(poly(0.5, 0.75, 0.56, 0.84), "accent", 0.02));
    return parts;
  },
};

/** A diving helmet: a brass dome with a round front port behind a grille, side ports, a bolted collar. */
export const divingHelmet: IconShape = {
  primary: "bronze",
  secondary: "copper",
  accent: "glass",
  build(rng) {
    const dome = circle(0.5, 0.44, 0.34);
    const parts: Part[] = [solid(rect(0.16, 0.7, 0.68, 0.18), "secondary"), solid(dome, "primary"), shadeRight(dome, "primary-", 0.62)];
    for (const x of steps(0.22, 0.78, 5)) parts.push(detail(circle(x, 0.8, 0.022), "secondary-"));
    parts.push(
      solid(circle(0.5, 0.46, 0.16), "primary-"),
      detail(circle(0.5, 0.46, 0.12), "accent"),
      detail(circle(0.5, 0.46, 0.12), "dark", { opacity: 0.25, clips: [[rect(0.5, 0, 1, 1)]] }),
    );
    for (const x of [0.46, 0.54]) parts.push(line(poly(x, 0.35, x, 0.57), "primary-", 0.018));
    parts.push(line(poly(0.39, 0.46, 0.61, 0.46), "primary-", 0.018));
    for (const x of [0.2, 0.8]) parts.push(solid(circle(x, 0.46, 0.07), "primary-"), detail(circle(x, 0.46, 0.045), "accent"));
    parts.push(solid(rect(0.44, 0.07, 0.12, 0.06), "primary-"), shine(0.36, 0.24, 0.07, 0.03, -35, 0.6));
    if (rng.chance(0.5)) parts.push(bar(poly(0.84, 0.3, 0.94, 0.2), "dark", 0.04));
    return parts;
  },
};

/** A ship's wheel: a wooden rim on spokes that run out to handles, a hub in the middle. */
export const shipWheel: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "tan",
  build(rng) {
    const spokes = 8;
    const turn = rng.range(0, Math.PI / spokes);
    const parts: Part[] = [];
    for (let i = 0; i < spokes; i++) {
      const a = turn + (i / spokes) * Math.PI * 2;
      parts.push(bar(poly(0.5, 0.5, 0.5 + Math.cos(a) * 0.36, 0.5 + Math.sin(a) * 0.36), "primary", 0.045));
      parts.push(solid(capsule(0.5 + Math.cos(a) * 0.36, 0.5 + Math.sin(a) * 0.36, 0.5 + Math.cos(a) * 0.44, 0.5 + Math.sin(a) * 0.44, 0.035), "primary"));
    }
    parts.push(solid(arcBand(0.5, 0.5, 0.22, 0.3, 0, Math.PI * 2, 48), "primary"), detail(arcBand(0.5, 0.5, 0.24, 0.26, 0.6, 2.4), "accent", { opacity: 0.6 }));
    parts.push(solid(circle(0.5, 0.5, 0.08), "secondary"), detail(circle(0.5, 0.5, 0.03), "primary-"));
    return parts;
  },
};

/** A honeycomb: hexagonal wax cells, some filled with honey, a drip from the lowest. */
export const honeycomb: IconShape = {
  primary: "amber",
  secondary: "gold",
  accent: "amber",
  build(rng) {
    const r = 0.1;
    const parts: Part[] = [];
    const [dx, dy] = [r * Math.sqrt(3), r * 1.5];
    for (let row = -1; row <= 1; row++)
      for (let col = -1; col <= 1 - (row === 0 ? -1 : 0); col++) {
        const x = 0.5 + col * dx + (row === 0 ? 0 : dx / 2) - (row === 0 ? 0 : 0);
        const y = 0.45 + row * dy;
        if (x < 0.1 || x > 0.9) continue;
        parts.push(
          solid(regularPolygon(x, y, r, 6, Math.PI / 6), "secondary"),
          detail(regularPolygon(x, y, r * 0.72, 6, Math.PI / 6), rng.chance(0.7) ? "primary" : "secondary-"),
        );
      }
    parts.push(detail(roundRect(0.52, 0.62, 0.05, 0.18, 0.025), "primary"), detail(circle(0.545, 0.82, 0.04), "primary"));
    return parts;
  },
};

/** A scraper: a wide flat steel blade, bevelled, on a wooden handle; a barnacle scraper's blade has barnacles scraped up on it. */
export const scraper: IconShape = {
  primary: "steel",
  secondary: "brown",
  accent: "grey",
  reads: ["barnacle", "barnacles", "barnacled"],
  build(rng, _e, words) {
    const w = rng.range(0.3, 0.36);
    const blade = poly(0.5 - w / 2, 0.1, 0.5 + w / 2, 0.1, 0.56, 0.42, 0.44, 0.42);
    const handle = roundRect(0.43, 0.46, 0.14, 0.44, 0.06);
    return rotateParts(
      [
        solid(blade, "primary"),
        shadeRight(blade, "primary-", 0.52),
        detail(rect(0.5 - w / 2, 0.1, w, 0.04), "primary+"),
        solid(rect(0.45, 0.4, 0.1, 0.08), "accent"),
        solid(handle, "secondary"),
        shadeRight(handle, "secondary-", 0.52),
        detail(circle(0.5, 0.84, 0.02), "secondary--"),
        ...(has(words, "barnacle", "barnacles", "barnacled")
          ? [0.4, 0.5, 0.6].flatMap((x, i) => [
              solid(poly(x - 0.045, 0.14, x, 0.04 - i * 0.01, x + 0.045, 0.14), "light-"),
              detail(ellipse(x, 0.07 - i * 0.01, 0.015, 0.01), "dark"),
            ])
          : []),
      ],
      rng.range(-35, -20),
    );
  },
};
