/**
 * Small everyday things many games ask for (issue 39): dice, a syringe, a pill, a magnet, a light
 * bulb, a balloon, an umbrella, a nail, a spoon and fork, an inkwell, a moon rock. Recipes of discs,
 * bars and sheets like everyday.ts'.
 */
import { arcBand, capsule, circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, shadeRight, shine, solid } from "./kit.js";

/** A die (two when "dice"): a rounded cube, its faces' pips. */
export const dice: IconShape = {
  primary: "white",
  secondary: "black",
  accent: "red",
  build(rng) {
    const parts: Part[] = [];
    const s = 0.4;
    const [x, y] = [0.3, 0.28];
    const front = roundRect(x, y + 0.1, s, s, 0.06);
    const top = poly(x + 0.03, y + 0.1, x + 0.12, y, x + s + 0.12, y, x + s, y + 0.1);
    const side = poly(x + s, y + 0.1, x + s + 0.12, y, x + s + 0.12, y + s - 0.02, x + s, y + s + 0.08);
    parts.push(solid(side, "primary-"), solid(top, "primary+"), solid(front, "primary"));
    const face = rng.int(3, 6);
    const pips: [number, number][] = [
      [0.25, 0.25],
      [0.75, 0.75],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.25, 0.5],
      [0.75, 0.5],
    ];
    for (const [u, v] of face % 2 ? [...pips.slice(0, face - 1), [0.5, 0.5] as [number, number]] : pips.slice(0, face))
      parts.push(detail(circle(x + s * u, y + 0.1 + s * v, 0.035), "secondary"));
    parts.push(detail(ellipse(x + s * 0.5 + 0.06, y + 0.05, 0.03, 0.015), "accent"));
    return rotateParts(parts, rng.range(-10, 10));
  },
};

/** A syringe: a glass barrel of medicine, a plunger, a needle. */
export const syringe: IconShape = {
  primary: "lime",
  secondary: "glass",
  accent: "grey",
  build(rng) {
    const barrel = rect(0.42, 0.3, 0.16, 0.42);
    return rotateParts(
      [
        bar(poly(0.5, 0.72, 0.5, 0.94), "metal", 0.016),
        solid(rect(0.44, 0.72, 0.12, 0.04), "accent"),
        bar(poly(0.5, 0.08, 0.5, 0.32), "accent", 0.04),
        solid(rect(0.4, 0.06, 0.2, 0.04), "accent"),
        solid(rect(0.36, 0.28, 0.28, 0.04), "accent"),
        solid(barrel, "secondary"),
        detail(rect(0.44, 0.44, 0.12, 0.27), "primary"),
        ...[0.38, 0.48, 0.58].map((y) => line(poly(0.42, y, 0.48, y), "dark", 0.012)),
        shine(0.455, 0.5, 0.01, 0.08, 0, 0.8),
      ],
      rng.range(30, 50),
    );
  },
};

/** A pill: a two-coloured capsule. */
export const pill: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const whole = capsule(0.22, 0.5, 0.78, 0.5, 0.15);
    return rotateParts(
      [
        solid(whole, "secondary"),
        detail(whole, "primary", { clips: [[rect(0.5, 0, 1, 1)]] }),
        shadeRight(whole, "secondary-", 0.85),
        shine(0.34, 0.43, 0.08, 0.025, 0, 0.8),
      ],
      rng.range(-50, -30),
    );
  },
};

/** A horseshoe magnet: a red U with silver poles, sparks of its pull. */
export const magnet: IconShape = {
  primary: "red",
  secondary: "silver",
  accent: "sky",
  build(rng) {
    const u = arcBand(0.5, 0.42, 0.12, 0.3, 0, Math.PI, 32);
    const parts: Part[] = [
      solid(rect(0.2, 0.14, 0.18, 0.3), "primary"),
      solid(rect(0.62, 0.14, 0.18, 0.3), "primary"),
      solid(
        u.map(([x, y]) => [x, y] as const),
        "primary",
      ),
      solid(rect(0.2, 0.08, 0.18, 0.1), "secondary"),
      solid(rect(0.62, 0.08, 0.18, 0.1), "secondary"),
      shadeRight(rect(0.62, 0.14, 0.18, 0.3), "primary-", 0.74),
    ];
    for (const x of [0.29, 0.71]) parts.push(line(poly(x - 0.05, 0.02, x, 0.05, x + 0.05, 0.02), "accent", 0.02));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

/** A light bulb: a glass globe with its glowing filament, a screw base. */
export const lightbulb: IconShape = {
  primary: "yellow",
  secondary: "grey",
  accent: "orange",
  build() {
    const globe = new PathBuilder(0.4, 0.66).cubicTo(0.16, 0.5, 0.2, 0.1, 0.5, 0.1).cubicTo(0.8, 0.1, 0.84, 0.5, 0.6, 0.66).lineTo(0.4, 0.66).build();
    return [
      solid(globe, "primary"),
      detail(globe, "primary+", { clips: [[circle(0.42, 0.32, 0.16)]] }),
      line(poly(0.44, 0.64, 0.44, 0.46, 0.47, 0.4, 0.5, 0.46, 0.53, 0.4, 0.56, 0.46, 0.56, 0.64), "accent", 0.02),
      solid(roundRect(0.38, 0.66, 0.24, 0.16, 0.03), "secondary"),
      ...[0.71, 0.76].map((y) => detail(rect(0.38, y, 0.24, 0.02), "secondary-")),
      solid(poly(0.44, 0.82, 0.56, 0.82, 0.52, 0.9, 0.48, 0.9), "secondary-"),
      shine(0.36, 0.26, 0.04, 0.07, 20, 0.8),
    ];
  },
};

/** A balloon on its string. */
export const balloon: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "red",
  build(rng) {
    const body = ellipse(0.5, 0.36, 0.24, 0.28);
    const string = new PathBuilder(0.5, 0.68).cubicTo(0.42, 0.76, 0.58, 0.84, 0.48, 0.96).build();
    return rotateParts(
      [
        line(string, "secondary-", 0.014),
        solid(body, "primary"),
        solid(poly(0.46, 0.68, 0.54, 0.68, 0.5, 0.62), "primary-"),
        shadeRight(body, "primary-", 0.6),
        shine(0.4, 0.24, 0.05, 0.08, 20, 0.7),
      ],
      rng.range(-12, 12),
    );
  },
};

/** An umbrella: a scalloped canopy on a hooked handle. */
export const umbrella: IconShape = {
  primary: "blue",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const canopy = new PathBuilder(0.1, 0.46).cubicTo(0.12, 0.14, 0.88, 0.14, 0.9, 0.46).build();
    const parts: Part[] = [bar(new PathBuilder(0.5, 0.3).lineTo(0.5, 0.8).quadTo(0.5, 0.9, 0.42, 0.88).build(), "secondary", 0.04)];
    const rim: [number, number][] = [];
    for (let i = 0; i <= 4; i++) rim.push([0.9 - i * 0.2, 0.46]);
    const scallops = [...canopy, ...rim.slice(1).flatMap(([x, y]) => [[x + 0.1, y - 0.05] as const, [x, y] as const])];
    parts.push(solid(scallops, "primary"), shadeRight(scallops, "primary-", 0.64), bar(poly(0.5, 0.12, 0.5, 0.22), "secondary", 0.02));
    for (const x of [0.3, 0.7]) parts.push(line(poly(0.5, 0.22, x, 0.44), "primary-", 0.014));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

/** A nail: a flat head, a long shank, a point. */
export const nail: IconShape = {
  primary: "steel",
  secondary: "grey",
  accent: "grey",
  build(rng) {
    return rotateParts(
      [
        solid(poly(0.47, 0.2, 0.53, 0.2, 0.53, 0.8, 0.5, 0.92, 0.47, 0.8), "primary"),
        solid(ellipse(0.5, 0.18, 0.12, 0.04), "primary"),
        shadeRight(rect(0.47, 0.2, 0.06, 0.6), "primary-", 0.51),
      ],
      rng.range(30, 50),
    );
  },
};

/** A spoon and a fork crossed (cutlery). */
export const cutlery: IconShape = {
  primary: "silver",
  secondary: "grey",
  accent: "grey",
  build(rng) {
    const spoon: Part[] = [
      bar(poly(0.5, 0.38, 0.5, 0.92), "primary", 0.05),
      solid(ellipse(0.5, 0.24, 0.09, 0.14), "primary"),
      detail(ellipse(0.49, 0.25, 0.05, 0.09), "primary-"),
    ];
    const fork: Part[] = [bar(poly(0.5, 0.34, 0.5, 0.92), "primary", 0.05), solid(roundRect(0.4, 0.28, 0.2, 0.08, 0.03), "primary")];
    for (const x of [0.42, 0.47, 0.53, 0.58]) fork.push(bar(poly(x, 0.3, x, 0.1), "primary", 0.025));
    return [...rotateParts(spoon, -25 + rng.range(-4, 4)), ...rotateParts(fork, 25 + rng.range(-4, 4))];
  },
};

/** An inkwell with a quill standing in it. */
export const inkwell: IconShape = {
  primary: "navy",
  secondary: "white",
  accent: "black",
  build(rng) {
    const jar = roundRect(0.28, 0.5, 0.44, 0.36, 0.08);
    const lean = rng.range(0.1, 0.2);
    const vane = new PathBuilder(0.5, 0.5)
      .quadTo(0.5 + lean + 0.2, 0.3, 0.5 + lean + 0.22, 0.06)
      .quadTo(0.5 + lean - 0.04, 0.2, 0.5, 0.5)
      .build();
    return [
      solid(vane, "secondary"),
      line(poly(0.5, 0.5, 0.5 + lean + 0.18, 0.1), "secondary-", 0.012),
      solid(jar, "primary"),
      shadeRight(jar, "primary-", 0.6),
      solid(rect(0.38, 0.44, 0.24, 0.08), "primary-"),
      detail(ellipse(0.5, 0.45, 0.1, 0.025), "accent"),
      shine(0.35, 0.6, 0.02, 0.07, 0, 0.6),
    ];
  },
};

/** A grey moon rock, pitted with craters. */
export function moonRock(rock: IconShape): IconShape {
  return {
    ...rock,
    primary: "silver",
    secondary: "grey",
    build(rng, hasEmblem, words) {
      const parts = rock.build(rng, hasEmblem, words);
      const craters: Part[] = [];
      for (const [x, y, r] of [
        [0.4, 0.5, 0.05],
        [0.58, 0.6, 0.035],
        [0.5, 0.4, 0.03],
      ] as const)
        craters.push(detail(circle(x, y, r), "primary-"), detail(circle(x + r * 0.2, y + r * 0.2, r * 0.7), "primary--", { opacity: 0.6 }));
      return [...parts, ...craters];
    },
  };
}
