/** Icon shapes of hafted weapons and tools: mace, club, flail, hammer, pickaxe, staff, wand. Heads `metal`, hafts `wood`. */
import { arcBand, circle, ellipse, PathBuilder, regularPolygon, roundRect, star, type Contour } from "../../kit/geometry.js";
import { deg, detail, fill, glint, haft, lit, outsideOf, pts, ribbon, curve, wraps } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

/** A spiked or flanged ball head at (cx, cy). */
function spikedBall(rng: Random, cx: number, cy: number, r: number): Part[] {
  const spikes = rng.int(6, 10);
  const parts: Part[] = [];
  if (rng.chance(0.5)) {
    parts.push(fill(star(cx, cy, r * 1.45, r * 0.8, spikes, rng.range(0, 1)), "metal-"));
  } else {
    for (let i = 0; i < spikes; i++) {
      const a = (i / spikes) * Math.PI * 2;
      const flange = pts(
        cx + Math.cos(a - 0.25) * r * 0.6,
        cy + Math.sin(a - 0.25) * r * 0.6,
        cx + Math.cos(a) * r * 1.35,
        cy + Math.sin(a) * r * 1.35,
        cx + Math.cos(a + 0.25) * r * 0.6,
        cy + Math.sin(a + 0.25) * r * 0.6,
      );
      parts.push(fill(flange, "metal-"));
    }
  }
  parts.push(fill(circle(cx, cy, r), "metal"), detail(circle(cx, cy, r), "metal-", { clips: [outsideOf(circle(cx - r * 0.2, cy - r * 0.2, r))] }));
  parts.push(detail(ellipse(cx - r * 0.35, cy - r * 0.4, r * 0.3, r * 0.18, deg(-35)), "light", { opacity: 0.8 }));
  return parts;
}

export const mace: IconShape = {
  primary: "red",
  secondary: "gold",
  accent: "silver",
  build(rng) {
    const r = rng.range(0.15, 0.19);
    const metalHaft = rng.chance(0.4);
    const parts: Part[] = [...haft(0.5, 0.2, 0.5, 0.98, 0.045, metalHaft ? "metal" : "wood")];
    parts.push(fill(roundRect(0.44, 0.68, 0.12, 0.26, 0.03), "primary"), ...wraps(0.5, 0.06, 0.68, 0.94, 3, "primary-"));
    parts.push(fill(circle(0.5, 1.0, 0.05), "secondary"));
    parts.push(...spikedBall(rng, 0.5, 0.14, r));
    parts.push(fill(roundRect(0.44, 0.14 + r * 0.8, 0.12, 0.06, 0.02), "secondary"));
    return rotateParts(parts, 45);
  },
};

export const club: IconShape = {
  primary: "brown",
  secondary: "silver",
  accent: "beige",
  build(rng) {
    const head = rng.range(0.13, 0.18);
    const body = new PathBuilder(0.46, 0.98)
      .lineTo(0.54, 0.98)
      .quadTo(0.5 + head, 0.5, 0.5 + head, 0.12)
      .quadTo(0.5, -0.06, 0.5 - head, 0.12)
      .quadTo(0.5 - head, 0.5, 0.46, 0.98)
      .build();
    const parts: Part[] = [fill(body, "wood"), lit(body, "wood+", 0.47), detail(body, "wood-", { clips: [[pts(0.5, -1, 2, -1, 2, 2, 0.56, 2)]] })];
    const knots = rng.int(1, 3);
    for (let i = 0; i < knots; i++) parts.push(detail(ellipse(rng.range(0.45, 0.55), rng.range(0.15, 0.5), 0.025, 0.04), "wood--"));
    const studded = rng.int(0, 2);
    if (studded === 1) {
      for (let i = 0; i < 7; i++) {
        const y = 0.08 + i * 0.06;
        const side = i % 2 ? 1 : -1;
        const x = 0.5 + side * (head - 0.01 - i * 0.008);
        parts.push(fill(pts(x, y - 0.03, x + side * 0.08, y, x, y + 0.03), "secondary"));
      }
    } else if (studded === 2) {
      for (const y of [0.2, 0.36]) parts.push(fill(roundRect(0.5 - head * 0.95, y, head * 1.9, 0.05, 0.02), "secondary"));
    }
    parts.push(fill(roundRect(0.445, 0.76, 0.11, 0.2, 0.03), "primary"), ...wraps(0.5, 0.055, 0.76, 0.96, 3, "primary-"));
    return rotateParts(parts, rng.pick([40, 45, -40]));
  },
};

export const flail: IconShape = {
  primary: "brown",
  secondary: "gold",
  accent: "silver",
  build(rng) {
    const parts: Part[] = [...haft(0.22, 0.92, 0.42, 0.58, 0.045)];
    parts.push(fill(roundRect(0.2, 0.84, 0.1, 0.12, 0.03), "secondary"));
    const bx = rng.range(0.7, 0.78);
    const by = rng.range(0.26, 0.34);
    const sag = rng.range(-0.12, 0.12);
    const chain = curve(0.43, 0.56, (0.43 + bx) / 2 + sag, (0.56 + by) / 2 + 0.1, bx - 0.06, by + 0.08, 8);
    chain.forEach(([x, y], i) => {
      parts.push({ path: [i % 2 ? ellipse(x, y, 0.035, 0.022, deg(-40)) : ellipse(x, y, 0.022, 0.035, deg(-40))], fill: "metal-", stroke: 0.018 });
    });
    parts.push(fill(roundRect(0.38, 0.53, 0.09, 0.08, 0.02), "secondary"));
    parts.push(...spikedBall(rng, bx, by, rng.range(0.12, 0.15)));
    return parts;
  },
};

/** A hammer: a sledge or a war hammer ("war hammer" is always the spiked war hammer). */
export const hammer: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "gold",
  reads: ["war"],
  build(rng, _hasEmblem, words) {
    const hw = rng.range(0.2, 0.27);
    const hh = rng.range(0.16, 0.22);
    const kind = words?.has("war") ? 2 : rng.int(0, 2);
    const parts: Part[] = [...haft(0.5, 0.1, 0.5, 1.02, 0.045)];
    parts.push(fill(roundRect(0.445, 0.8, 0.11, 0.2, 0.03), "secondary"), ...wraps(0.5, 0.055, 0.8, 1.0, 3, "secondary-"));
    const top = 0.04;
    if (kind === 2) {
      const spike = pts(0.5, top + 0.03, 0.5 - hw - 0.12, top + hh * 0.5, 0.5, top + hh - 0.03);
      parts.push(fill(spike, "primary-"));
      const face = roundRect(0.42, top, 0.08 + hw * 0.8, hh, 0.03);
      parts.push(fill(face, "primary"), lit(face, "primary+", 0.5));
    } else {
      const head = roundRect(0.5 - hw, top, hw * 2, hh, kind === 0 ? 0.03 : 0.07);
      parts.push(fill(head, "primary"), detail(head, "primary+", { clips: [[roundRect(-1, -1, 3, top + hh * 0.4 + 1, 0)]] }));
      parts.push(
        fill(roundRect(0.5 - hw - 0.03, top - 0.015, 0.06, hh + 0.03, 0.02), "primary-"),
        fill(roundRect(0.5 + hw - 0.03, top - 0.015, 0.06, hh + 0.03, 0.02), "primary-"),
      );
    }
    parts.push(fill(roundRect(0.45, top + hh - 0.01, 0.1, 0.06, 0.02), "accent"));
    if (rng.chance(0.5)) parts.push(detail(regularPolygon(0.5, top + hh / 2, 0.045, 4), "accent"));
    return rotateParts(parts, rng.pick([40, 45, -40]));
  },
};

export const pickaxe: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "silver",
  build(rng) {
    const bend = rng.range(0.16, 0.3);
    const span = rng.range(0.4, 0.46);
    const adze = rng.chance(0.35);
    const head = new PathBuilder(0.5 - span, 0.28)
      .quadTo(0.5 - span * 0.5, 0.05, 0.5, 0.04 + 0.16 - bend * 0.3)
      .quadTo(0.5 + span * 0.5, 0.05, 0.5 + span, adze ? 0.16 : 0.28)
      .lineTo(0.5 + span - 0.02, adze ? 0.26 : 0.29)
      .quadTo(0.5 + span * 0.45, 0.16, 0.5, 0.2 + 0.06 - bend * 0.1)
      .quadTo(0.5 - span * 0.45, 0.16, 0.5 - span, 0.28)
      .build();
    const parts: Part[] = [...haft(0.5, 0.12, 0.5, 1.0, 0.045)];
    parts.push(fill(head, "metal"), detail(head, "metal+", { clips: [[roundRect(-1, -1, 3, 1.15, 0)]] }));
    parts.push(fill(roundRect(0.44, 0.08, 0.12, 0.2, 0.03), "metal-"), fill(roundRect(0.445, 0.82, 0.11, 0.18, 0.03), "secondary"));
    return rotateParts(parts, rng.pick([35, 45, -35]));
  },
};

export const staff: IconShape = {
  primary: "purple",
  secondary: "gold",
  accent: "cyan",
  build(rng) {
    const kind = rng.int(0, 3);
    const parts: Part[] = [...haft(0.5, 0.28, 0.5, 1.0, 0.042)];
    for (let i = 0; i < rng.int(1, 3); i++) parts.push(fill(roundRect(0.45, 0.42 + i * 0.16, 0.1, 0.04, 0.015), "secondary"));
    if (kind === 0) {
      parts.push(fill(ribbon(curve(0.5, 0.34, 0.3, 0.12, 0.43, 0.02), 0.06), "wood"), fill(ribbon(curve(0.5, 0.34, 0.7, 0.12, 0.57, 0.02), 0.06), "wood"));
      parts.push(
        fill(circle(0.5, 0.16, 0.12), "primary"),
        lit(circle(0.5, 0.16, 0.12), "primary+", 0.47),
        detail(circle(0.46, 0.12, 0.035), "light", { opacity: 0.85 }),
      );
    } else if (kind === 1) {
      const crystal = pts(0.5, -0.04, 0.6, 0.12, 0.55, 0.32, 0.45, 0.32, 0.4, 0.12);
      parts.push(
        fill(crystal, "primary"),
        detail(pts(0.5, -0.04, 0.5, 0.32, 0.45, 0.32, 0.4, 0.12), "primary+"),
        fill(roundRect(0.42, 0.28, 0.16, 0.06, 0.02), "secondary"),
      );
    } else if (kind === 2) {
      parts.push(fill(arcBand(0.56, 0.2, 0.07, 0.13, deg(-200), deg(60)), "wood"), fill(circle(0.58, 0.19, 0.06), "primary"));
      parts.push(detail(circle(0.565, 0.175, 0.02), "light", { opacity: 0.8 }));
    } else {
      parts.push(fill(circle(0.5, 0.16, 0.15), "secondary", { rule: "evenodd", path: [circle(0.5, 0.16, 0.15), circle(0.5, 0.16, 0.1)] }));
      parts.push(fill(circle(0.5, 0.16, 0.075), "primary"), detail(circle(0.48, 0.14, 0.025), "light", { opacity: 0.85 }));
      parts.push(fill(roundRect(0.44, 0.28, 0.12, 0.05, 0.02), "secondary"));
    }
    return rotateParts(parts, rng.range(-24, 24));
  },
};

export const wand: IconShape = {
  primary: "cyan",
  secondary: "gold",
  accent: "white",
  build(rng) {
    const kind = rng.int(0, 2);
    const parts: Part[] = [...haft(0.5, 0.3, 0.5, 0.98, 0.035, rng.chance(0.5) ? "wood" : "dark")];
    parts.push(fill(roundRect(0.45, 0.72, 0.1, 0.24, 0.03), "secondary"), ...wraps(0.5, 0.05, 0.72, 0.96, 3, "secondary-"));
    const tip: Contour = kind === 0 ? star(0.5, 0.18, 0.17, 0.075, 5) : kind === 1 ? regularPolygon(0.5, 0.18, 0.12, 4) : circle(0.5, 0.18, 0.1);
    parts.push(fill(tip, "primary"), lit(tip, "primary+", 0.49));
    parts.push(detail(circle(0.47, 0.15, 0.025), "light", { opacity: 0.85 }));
    for (let i = 0; i < rng.int(2, 4); i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0.22, 0.32);
      parts.push(detail(star(0.5 + Math.cos(a) * d, 0.18 + Math.sin(a) * d * 0.8, rng.range(0.035, 0.055), 0.015, 4), "accent"));
    }
    parts.push(glint(0.48, 0.4, 0.48, 0.6, 0.012, 0.5));
    return rotateParts(parts, rng.pick([35, 45, 55]));
  },
};
