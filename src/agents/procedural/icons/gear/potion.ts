/** The potion: a seed picks the bottle (round, conical, square, vial, heart, diamond), the stopper and the fill. Liquid `primary`. */
import { circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, type Contour } from "../../kit/geometry.js";
import { detail, fill, glint, outsideOf, pts } from "./kit.js";
import { liquidClip, rotateParts, scaleAbout, type IconShape, type Part } from "../parts.js";
import type { Random } from "../../kit/random.js";

interface Bottle {
  body: Contour;
  /** Centre of the body, for the liquid inset. */
  cy: number;
  /** Top of the body (where the neck meets it). */
  shoulder: number;
  neckW: number;
}

function bottle(kind: number, rng: Random): Bottle {
  const neckW = rng.range(0.14, 0.2);
  if (kind === 0) {
    const r = rng.range(0.31, 0.35);
    return { body: circle(0.5, 0.95 - r, r), cy: 0.95 - r, shoulder: 0.95 - 2 * r + 0.04, neckW };
  }
  if (kind === 1) {
    const base = rng.range(0.34, 0.4);
    const body = new PathBuilder(0.5 - neckW / 2, 0.36)
      .lineTo(0.5 + neckW / 2, 0.36)
      .lineTo(0.5 + base, 0.86)
      .quadTo(0.5 + base + 0.02, 0.94, 0.5 + base - 0.08, 0.94)
      .lineTo(0.5 - base + 0.08, 0.94)
      .quadTo(0.5 - base - 0.02, 0.94, 0.5 - base, 0.86)
      .build();
    return { body, cy: 0.72, shoulder: 0.36, neckW };
  }
  if (kind === 2) {
    const w = rng.range(0.27, 0.31);
    return { body: roundRect(0.5 - w, 0.36, w * 2, 0.58, rng.range(0.05, 0.14)), cy: 0.65, shoulder: 0.36, neckW };
  }
  if (kind === 3) {
    const w = rng.range(0.13, 0.16);
    const body = new PathBuilder(0.5 - w, 0.26)
      .lineTo(0.5 + w, 0.26)
      .lineTo(0.5 + w, 0.82)
      .quadTo(0.5 + w, 0.96, 0.5, 0.96)
      .quadTo(0.5 - w, 0.96, 0.5 - w, 0.82)
      .build();
    return { body, cy: 0.62, shoulder: 0.26, neckW: w * 2 - 0.02 };
  }
  if (kind === 6) {
    // a drink's bottle: square shoulders, a long narrow neck
    const w = rng.range(0.17, 0.2);
    const nw = rng.range(0.09, 0.11);
    const body = new PathBuilder(0.5 - nw / 2, 0.34)
      .quadTo(0.5 - w, 0.36, 0.5 - w, 0.48)
      .lineTo(0.5 - w, 0.9)
      .quadTo(0.5 - w, 0.95, 0.5 - w + 0.04, 0.95)
      .lineTo(0.5 + w - 0.04, 0.95)
      .quadTo(0.5 + w, 0.95, 0.5 + w, 0.9)
      .lineTo(0.5 + w, 0.48)
      .quadTo(0.5 + w, 0.36, 0.5 + nw / 2, 0.34)
      .build();
    return { body, cy: 0.68, shoulder: 0.36, neckW: nw };
  }
  if (kind === 4) {
    const body = new PathBuilder(0.5, 0.94)
      .cubicTo(0.12, 0.72, 0.08, 0.46, 0.2, 0.38)
      .cubicTo(0.32, 0.3, 0.46, 0.36, 0.5, 0.44)
      .cubicTo(0.54, 0.36, 0.68, 0.3, 0.8, 0.38)
      .cubicTo(0.92, 0.46, 0.88, 0.72, 0.5, 0.94)
      .build();
    return { body, cy: 0.64, shoulder: 0.42, neckW };
  }
  return { body: regularPolygon(0.5, 0.64, rng.range(0.32, 0.36), 4), cy: 0.64, shoulder: 0.34, neckW };
}

/** Drinks in bottles ("rum bottle", "whiskey bottle"): a tall labelled bottle, full, corked, of the drink's colour. */
export const DRINKS: Readonly<Record<string, string>> = {
  rum: "amber",
  whiskey: "amber",
  whisky: "amber",
  bourbon: "amber",
  brandy: "amber",
  grog: "brown",
  vodka: "white",
  gin: "white",
  sake: "white",
  mead: "gold",
  liquor: "amber",
  booze: "amber",
  cider: "gold",
};
const drinkOf = (words: ReadonlySet<string> | undefined): string | undefined => Object.keys(DRINKS).find((d) => words?.has(d));

export const potion: IconShape = {
  primary: "red",
  secondary: "glass",
  accent: "white",
  reads: Object.keys(DRINKS),
  primaryFor: (words) => DRINKS[drinkOf(words) ?? ""],
  build(rng, _hasEmblem, words) {
    const seeded = rng.int(0, 5);
    const drink = drinkOf(words) !== undefined;
    const kind = drink ? 6 : seeded;
    const { body, cy, shoulder, neckW } = bottle(kind, rng);
    const neckTop = rng.range(0.1, 0.16);
    const neck = rect(0.5 - neckW / 2, neckTop, neckW, shoulder - neckTop + 0.04);
    const liquid = scaleAbout(body, 0.84, 0.5, cy + 0.02);
    const level = drink ? shoulder + 0.1 : shoulder + (0.96 - shoulder) * rng.range(0.1, 0.3);
    const surface = liquidClip(level, 0.012, rng.range(0, 6));
    const parts: Part[] = [fill(neck, "glass"), fill(body, "glass")];
    parts.push(
      detail(liquid, "primary", { clips: [surface] }),
      detail(liquid, "primary-", { clips: [surface, outsideOf(scaleAbout(body, 0.84, 0.45, cy - 0.05))] }),
    );
    parts.push(detail(ellipse(0.5, level, 0.5, 0.016), "primary+", { clips: [[liquid]] }));
    for (let i = 0; i < rng.int(2, 4); i++) {
      parts.push(
        detail(circle(rng.range(0.38, 0.62), rng.range(level + 0.06, 0.86), rng.range(0.014, 0.032)), "light", { opacity: 0.55, clips: [[liquid], surface] }),
      );
    }
    parts.push(fill(roundRect(0.5 - neckW / 2 - 0.04, neckTop + 0.04, neckW + 0.08, 0.06, 0.03), "glass-"));
    const stopper = drink ? 0 : rng.int(0, 2);
    if (stopper === 0) {
      const cork = roundRect(0.5 - neckW / 2 + 0.01, neckTop - 0.1, neckW - 0.02, 0.14, 0.03);
      parts.push(fill(cork, "wood"), detail(rect(0.5 - neckW / 2, neckTop - 0.1, 0.04, 0.14), "wood+", { clips: [[cork]] }));
    } else if (stopper === 1) {
      parts.push(fill(circle(0.5, neckTop - 0.04, neckW * 0.6), "glass-"), detail(circle(0.48, neckTop - 0.06, neckW * 0.2), "light", { opacity: 0.8 }));
    } else {
      parts.push(
        fill(
          pts(0.5 - neckW / 2 - 0.03, neckTop + 0.04, 0.5 + neckW / 2 + 0.03, neckTop + 0.04, 0.5 + neckW / 2, neckTop - 0.06, 0.5 - neckW / 2, neckTop - 0.06),
          "accent",
        ),
      );
      parts.push(fill(ellipse(0.5, neckTop + 0.1, neckW * 0.45, 0.05), "accent"));
    }
    if (drink)
      parts.push(
        fill(roundRect(0.33, cy - 0.08, 0.34, 0.22, 0.02), "light-"),
        detail(rect(0.37, cy - 0.02, 0.26, 0.03), "accent-"),
        detail(rect(0.4, cy + 0.05, 0.2, 0.02), "primary-"),
      );
    else if (rng.chance(0.35) && kind !== 3)
      parts.push(fill(roundRect(0.34, cy - 0.02, 0.32, 0.14, 0.02), "light-", { opacity: 0.95 }), detail(rect(0.38, cy + 0.04, 0.24, 0.02), "primary-"));
    parts.push(glint(0.5 - neckW / 2 + 0.03, neckTop + 0.1, 0.5 - neckW / 2 + 0.03, shoulder, 0.02, 0.6));
    parts.push(detail(ellipse(0.36, cy - 0.06, 0.03, 0.09, 0.3), "light", { opacity: 0.75 }));
    return rotateParts(parts, rng.range(-12, 12));
  },
};
