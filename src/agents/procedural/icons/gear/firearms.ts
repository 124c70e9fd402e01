/** Icon shapes of powder weapons: bomb, gun (pistol), rifle, cannon. Barrels `metal` or `primary`, stocks `wood`. */
import { arcBand, circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import { curve, deg, detail, fill, line, lit, outsideOf, pts, ribbon } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

/** Words of energy weapons: a pistol or a grenade of the future ("laser pistol", "plasma grenade"). */
const ENERGY_WORDS = ["laser", "lasers", "plasma", "ray", "raygun", "phaser", "ion", "pulse"];
const asksEnergy = (words: ReadonlySet<string> | undefined): boolean => ENERGY_WORDS.some((w) => words?.has(w));

/** A grenade of the future: a capsule with a glowing core and band, a cap with a button. */
function plasmaGrenade(rng: Random): Part[] {
  const w = rng.range(0.24, 0.28);
  const body = roundRect(0.5 - w, 0.3, w * 2, 0.6, w * 0.8);
  const parts: Part[] = [
    fill(roundRect(0.4, 0.16, 0.2, 0.18, 0.03), "primary+"),
    fill(circle(0.5, 0.14, 0.05), "accent"),
    fill(body, "primary"),
    lit(body, "primary+", 0.5 - w * 0.4),
    detail(rect(0, 0.54, 1, 0.1), "glass", { clips: [[body]] }),
    detail(ellipse(0.5, 0.59, w * 0.45, 0.12), "glass+"),
    detail(ellipse(0.5, 0.59, w * 0.22, 0.06), "light"),
  ];
  for (const y of [0.4, 0.78]) parts.push(detail(rect(0, y, 1, 0.025), "primary-", { clips: [[body]] }));
  if (rng.chance(0.5)) parts.push(fill(pts(0.6, 0.2, 0.78, 0.26, 0.78, 0.5, 0.72, 0.5, 0.72, 0.3, 0.6, 0.26), "secondary"));
  return rotateParts(parts, rng.range(-15, 15));
}

export const bomb: IconShape = {
  primary: "black",
  secondary: "orange",
  accent: "yellow",
  // "bomb with a fuse": a round bomb on a long fuse; "plasma grenade": the grenade of the future
  reads: ["fuse", "fuses", "wick", ...ENERGY_WORDS],
  build(rng, _hasEmblem, words) {
    if (asksEnergy(words)) return plasmaGrenade(rng);
    const fused = words?.has("fuse") || words?.has("fuses") || words?.has("wick");
    const dynamite = !fused && rng.chance(0.3);
    const parts: Part[] = [];
    if (dynamite) {
      for (const dx of [-0.16, 0, 0.16]) {
        const stick = roundRect(0.42 + dx, 0.34, 0.16, 0.56, 0.04);
        parts.push(fill(stick, "secondary"), lit(stick, "secondary+", 0.47 + dx));
      }
      parts.push(fill(rect(0.24, 0.5, 0.52, 0.08), "dark"), fill(rect(0.24, 0.72, 0.52, 0.08), "dark"));
      parts.push(fill(ribbon(curve(0.5, 0.34, 0.48, 0.2, 0.62, 0.14), 0.025), "light-"));
    } else {
      const r = rng.range(0.3, 0.34);
      const cy = 0.6;
      parts.push(fill(ribbon(fused ? curve(0.6, 0.3, 0.62, 0.06, 0.86, 0.1) : curve(0.62, 0.32, 0.7, 0.18, 0.8, 0.16), 0.03), "light-"));
      parts.push(fill(roundRect(0.5, 0.24, 0.16, 0.12, 0.02), "primary+"));
      parts.push(fill(circle(0.46, cy, r), "primary"), detail(circle(0.46, cy, r), "primary-", { clips: [outsideOf(circle(0.42, cy - 0.05, r))] }));
      parts.push(detail(ellipse(0.35, cy - r * 0.5, 0.07, 0.04, deg(-35)), "light", { opacity: 0.7 }));
      if (rng.chance(0.4)) parts.push(detail(star(0.46, cy + 0.04, 0.1, 0.04, 5), "accent", { opacity: 0.9 }));
    }
    const sx = dynamite ? 0.62 : fused ? 0.87 : 0.81;
    const sy = dynamite ? 0.12 : fused ? 0.1 : 0.14;
    parts.push(fill(star(sx, sy, rng.range(0.08, 0.11), 0.04, rng.int(5, 8), rng.range(0, 1)), "secondary"), detail(star(sx, sy, 0.05, 0.025, 5), "accent"));
    return parts;
  },
};

/** A pistol of the future facing right: a rounded body, glowing coils and emitter. */
function energyPistol(rng: Random): Part[] {
  const x0 = 0.14;
  const len = rng.range(0.6, 0.7);
  const body = roundRect(x0, 0.28, len * 0.78, 0.2, 0.08);
  const grip = new PathBuilder(x0 + 0.04, 0.42)
    .lineTo(x0 + 0.24, 0.42)
    .lineTo(x0 + 0.2, 0.86)
    .quadTo(x0 + 0.1, 0.9, x0, 0.84)
    .build();
  const parts: Part[] = [
    fill(grip, "secondary"),
    lit(grip, "secondary+", x0 + 0.08),
    fill(roundRect(x0 + len * 0.6, 0.32, len * 0.4, 0.1, 0.04), "primary-"),
    fill(body, "primary"),
    lit(body, "primary+", x0 + 0.1),
  ];
  for (const x of [0.38, 0.48, 0.58].slice(0, rng.int(2, 3))) parts.push(detail(roundRect(x0 + len * x, 0.3, 0.035, 0.16, 0.015), "glass"));
  parts.push(fill(circle(x0 + len, 0.37, 0.055), "glass"), detail(circle(x0 + len, 0.37, 0.025), "light"));
  if (rng.chance(0.5)) parts.push(fill(roundRect(x0 + 0.1, 0.2, 0.22, 0.08, 0.03), "primary-"));
  parts.push({ path: [arcBand(x0 + 0.3, 0.5, 0.04, 0.07, deg(0), deg(180))], fill: "primary", outline: true });
  return rotateParts(parts, rng.range(-20, 5));
}

/** A pistol facing right ("flintlock pistol" an old one, "laser pistol" one of the future). */
export const gun: IconShape = {
  primary: "dark",
  secondary: "brown",
  accent: "gold",
  reads: ["flintlock", "flintlocks", ...ENERGY_WORDS],
  build(rng, _hasEmblem, words) {
    if (asksEnergy(words)) return energyPistol(rng);
    const len = rng.range(0.62, 0.74);
    const x0 = 0.16;
    const flintlock = words?.has("flintlock") || words?.has("flintlocks") || rng.chance(0.4);
    const barrel = roundRect(x0, 0.3, len, flintlock ? 0.1 : 0.16, 0.03);
    const grip = new PathBuilder(x0 + 0.02, 0.38)
      .lineTo(x0 + 0.22, 0.38)
      .lineTo(x0 + 0.2, 0.86)
      .quadTo(x0 + 0.1, 0.9, x0, 0.84)
      .build();
    const parts: Part[] = [
      fill(grip, flintlock ? "wood" : "secondary"),
      lit(grip, flintlock ? "wood+" : "secondary+", x0 + 0.08),
      fill(barrel, flintlock ? "metal" : "primary"),
      detail(rect(x0, 0.3, len, 0.035), flintlock ? "metal+" : "primary+", { clips: [[barrel]] }),
      { path: [arcBand(x0 + 0.27, 0.47, 0.05, 0.08, deg(0), deg(180))], fill: "primary", outline: true },
    ];
    if (!flintlock) parts.push(fill(roundRect(x0 + 0.24, 0.44, 0.16, 0.08, 0.02), "primary-"), detail(rect(x0 + len - 0.04, 0.27, 0.03, 0.05), "primary"));
    else parts.push(fill(pts(x0 + 0.06, 0.3, x0 + 0.1, 0.18, x0 + 0.16, 0.2, x0 + 0.14, 0.32), "metal-"), fill(circle(x0 + len, 0.35, 0.05), "accent"));
    for (let i = 0; i < 3; i++) parts.push(line(x0 + 0.05, 0.55 + i * 0.09, x0 + 0.17, 0.53 + i * 0.09, 0.015, "dark", false));
    return rotateParts(parts, rng.range(-20, 5));
  },
};

export const rifle: IconShape = {
  primary: "brown",
  secondary: "dark",
  accent: "silver",
  build(rng) {
    const scope = rng.chance(0.5);
    const stock = new PathBuilder(0.02, 0.5)
      .lineTo(0.4, 0.44)
      .lineTo(0.56, 0.44)
      .lineTo(0.56, 0.54)
      .lineTo(0.3, 0.56)
      .lineTo(0.08, 0.68)
      .lineTo(0.02, 0.66)
      .build();
    const parts: Part[] = [
      fill(rect(0.4, 0.4, 0.58, 0.05), "secondary"),
      fill(stock, "wood"),
      lit(stock, "wood+", 0.3),
      fill(roundRect(0.3, 0.5, 0.08, 0.14, 0.02), "secondary"),
      fill(roundRect(0.56, 0.44, 0.26, 0.08, 0.02), "wood"),
    ];
    if (scope)
      parts.push(
        fill(roundRect(0.34, 0.3, 0.26, 0.07, 0.03), "secondary"),
        fill(rect(0.4, 0.36, 0.04, 0.06), "secondary"),
        fill(circle(0.6, 0.335, 0.05), "accent"),
      );
    else parts.push(fill(rect(0.92, 0.36, 0.03, 0.05), "secondary"));
    if (rng.chance(0.5)) parts.push(fill(ribbon(curve(0.12, 0.62, 0.4, 0.8, 0.7, 0.5), 0.025), "primary-"));
    return rotateParts(parts, rng.range(-40, -25));
  },
};

export const cannon: IconShape = {
  primary: "dark",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const tilt = rng.range(-30, -12);
    const barrel = new PathBuilder(0.12, 0.36).lineTo(0.8, 0.3).lineTo(0.8, 0.56).lineTo(0.12, 0.5).build();
    const tube: Part[] = [
      fill(circle(0.12, 0.43, 0.1), "primary"),
      fill(barrel, "primary"),
      detail(rect(0, 0.3, 1, 0.09), "primary+", { clips: [[barrel]] }),
      fill(roundRect(0.76, 0.27, 0.1, 0.32, 0.03), "primary"),
      detail(ellipse(0.86, 0.43, 0.03, 0.1), "dark--"),
      fill(rect(0.46, 0.32, 0.04, 0.22), "accent"),
    ];
    const parts: Part[] = [...rotateParts(tube, tilt)];
    const wheel = circle(0.42, 0.68, rng.range(0.19, 0.23));
    parts.push(fill(pts(0.1, 0.84, 0.62, 0.6, 0.7, 0.72, 0.2, 0.9), "secondary"));
    parts.push(fill(wheel, "wood"), detail(circle(0.42, 0.68, 0.13), "wood-", { stroke: 0.03 }));
    const spokes = rng.int(4, 6);
    for (let i = 0; i < spokes; i++) {
      const a = (i / spokes) * Math.PI;
      parts.push(line(0.42 - Math.cos(a) * 0.15, 0.68 - Math.sin(a) * 0.15, 0.42 + Math.cos(a) * 0.15, 0.68 + Math.sin(a) * 0.15, 0.025, "wood-"));
    }
    parts.push(fill(circle(0.42, 0.68, 0.045), "accent"));
    if (rng.chance(0.5)) parts.push(fill(circle(0.82, 0.86, 0.08), "primary"), fill(circle(0.66, 0.9, 0.07), "primary"));
    return parts;
  },
};
