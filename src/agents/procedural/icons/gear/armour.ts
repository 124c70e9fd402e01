/** Icon shapes of armour pieces: helmet, armor (chestplate), gauntlet, boot, greaves, bracer. Body `primary`, trims `secondary`. */
import { circle, ellipse, PathBuilder, rect, roundRect, type Contour } from "../../kit/geometry.js";
import { detail, fill, line, lit, mirrored, outsideOf, pts, ribbon, curve } from "./kit.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";

/** Lit from the left, shaded on the right. */
const shaded = (contour: Contour, split = 0.5): Part[] => [
  fill(contour, "primary"),
  lit(contour, "primary+", split - 0.12),
  detail(contour, "primary-", { clips: [[rect(split + 0.14, -1, 2, 3)]] }),
];

export const helmet: IconShape = {
  primary: "silver",
  secondary: "gold",
  accent: "red",
  build(rng) {
    const kind = rng.int(0, 2);
    const w = rng.range(0.3, 0.35);
    const parts: Part[] = [];
    const plume = rng.chance(0.5);
    if (plume && kind !== 1) {
      const crest = kind === 2;
      const plumeShape = crest
        ? new PathBuilder(0.5, 0.2).quadTo(0.2, -0.02, 0.14, 0.3).quadTo(0.3, 0.08, 0.56, 0.22).build()
        : new PathBuilder(0.5, 0.14).quadTo(0.62, -0.06, 0.86, 0.08).quadTo(0.66, 0.04, 0.56, 0.16).build();
      parts.push(
        fill(plumeShape, "accent"),
        detail(ribbon(crest ? curve(0.46, 0.16, 0.26, 0.04, 0.18, 0.24) : curve(0.54, 0.12, 0.66, 0.02, 0.82, 0.08), 0.02), "accent+"),
      );
    }
    if (kind === 0) {
      // great helm: flat-topped barrel with a visor slit
      const body = new PathBuilder(0.5 - w, 0.9)
        .lineTo(0.5 - w, 0.32)
        .quadTo(0.5 - w, 0.12, 0.5, 0.12)
        .quadTo(0.5 + w, 0.12, 0.5 + w, 0.32)
        .lineTo(0.5 + w, 0.9)
        .build();
      parts.push(...shaded(body));
      const slitY = rng.range(0.42, 0.48);
      parts.push(fill(roundRect(0.5 - w + 0.06, slitY, w * 2 - 0.12, 0.06, 0.02), "dark"));
      parts.push(fill(rect(0.47, 0.12, 0.06, 0.78), "secondary"));
      if (rng.chance(0.6)) for (let i = 0; i < 3; i++) for (let j = 0; j < 2; j++) parts.push(detail(circle(0.6 + j * 0.07, 0.64 + i * 0.07, 0.014), "dark"));
      parts.push(fill(roundRect(0.5 - w - 0.02, 0.84, w * 2 + 0.04, 0.07, 0.02), "secondary"));
    } else if (kind === 1) {
      // nasal helm: a dome, a nose guard, maybe horns
      if (rng.chance(0.6)) {
        const horn = new PathBuilder(0.5 - w + 0.04, 0.42)
          .quadTo(0.02, 0.4, 0.08, 0.06)
          .quadTo(0.14, 0.3, 0.5 - w + 0.1, 0.3)
          .build();
        parts.push(fill(horn, "light-"), fill(mirrored(horn), "light-"), detail(horn, "light--", { clips: [[rect(-1, -1, 1.12, 1.16)]] }));
      }
      const dome = new PathBuilder(0.5 - w, 0.6)
        .quadTo(0.5 - w, 0.14, 0.5, 0.14)
        .quadTo(0.5 + w, 0.14, 0.5 + w, 0.6)
        .build();
      parts.push(...shaded(dome), fill(roundRect(0.5 - w - 0.03, 0.52, w * 2 + 0.06, 0.1, 0.03), "secondary"));
      parts.push(fill(pts(0.45, 0.56, 0.55, 0.56, 0.54, 0.86, 0.5, 0.9, 0.46, 0.86), "primary"), fill(rect(0.47, 0.14, 0.06, 0.4), "secondary"));
      parts.push(fill(ellipse(0.5 - w + 0.04, 0.74, 0.07, 0.14), "primary-"), fill(ellipse(0.5 + w - 0.04, 0.74, 0.07, 0.14), "primary-"));
    } else {
      // corinthian: cheek guards around a T opening
      const body = new PathBuilder(0.5 - w, 0.92)
        .lineTo(0.5 - w, 0.4)
        .quadTo(0.5 - w, 0.12, 0.5, 0.12)
        .quadTo(0.5 + w, 0.12, 0.5 + w, 0.4)
        .lineTo(0.5 + w, 0.92)
        .lineTo(0.58, 0.92)
        .lineTo(0.56, 0.6)
        .lineTo(0.44, 0.6)
        .lineTo(0.42, 0.92)
        .build();
      parts.push(...shaded(body));
      parts.push(fill(pts(0.5 - w + 0.06, 0.44, 0.44, 0.46, 0.44, 0.9, 0.42, 0.9, 0.42, 0.6), "primary-"));
      parts.push(fill(pts(0.26, 0.42, 0.46, 0.47, 0.46, 0.53, 0.28, 0.5), "dark"), fill(mirrored(pts(0.26, 0.42, 0.46, 0.47, 0.46, 0.53, 0.28, 0.5)), "dark"));
      parts.push(fill(roundRect(0.47, 0.44, 0.06, 0.2, 0.02), "primary"));
      parts.push(line(0.5 - w + 0.03, 0.32, 0.5 + w - 0.03, 0.32, 0.025, "secondary"));
    }
    parts.push(detail(ellipse(0.5 - w * 0.55, 0.3, 0.03, 0.08, 0.4), "light", { opacity: 0.6 }));
    return parts;
  },
};

export const armor: IconShape = {
  primary: "silver",
  secondary: "gold",
  accent: "red",
  emblem: { cx: 0.5, cy: 0.5, r: 0.13 },
  build(rng, hasEmblem) {
    const sh = rng.range(0.36, 0.42);
    const waist = rng.range(0.22, 0.27);
    const neck = rng.range(0.1, 0.13);
    const torso = new PathBuilder(0.5 - neck, 0.12)
      .quadTo(0.5, 0.22, 0.5 + neck, 0.12)
      .lineTo(0.5 + sh - 0.08, 0.18)
      .lineTo(0.5 + waist + 0.04, 0.42)
      .quadTo(0.5 + waist - 0.02, 0.6, 0.5 + waist, 0.84)
      .quadTo(0.5, 0.92, 0.5 - waist, 0.84)
      .quadTo(0.5 - waist + 0.02, 0.6, 0.5 - waist - 0.04, 0.42)
      .lineTo(0.5 - sh + 0.08, 0.18)
      .build();
    const parts: Part[] = [...shaded(torso)];
    const mail = rng.chance(0.35);
    if (mail) {
      for (let y = 0.3; y < 0.9; y += 0.06) {
        for (let x = 0.2 + ((y * 50) % 2) * 0.03; x < 0.8; x += 0.06) parts.push(detail(circle(x, y, 0.018), "primary--", { stroke: 0.008, clips: [[torso]] }));
      }
    } else {
      parts.push(line(0.5, 0.22, 0.5, 0.86, 0.014, "primary+"));
      for (const y of [0.62, 0.72]) parts.push(detail(ribbon(curve(0.5 - waist, y, 0.5, y + 0.05, 0.5 + waist, y), 0.014), "primary--", { clips: [[torso]] }));
    }
    const pauldron = (side: number): Contour =>
      new PathBuilder(0.5 + side * (neck + 0.04), 0.14)
        .quadTo(0.5 + side * (sh + 0.08), 0.08, 0.5 + side * (sh + 0.1), 0.36)
        .lineTo(0.5 + side * (sh - 0.06), 0.36)
        .quadTo(0.5 + side * (sh - 0.08), 0.22, 0.5 + side * (neck + 0.04), 0.2)
        .build();
    if (rng.chance(0.75))
      for (const side of [-1, 1])
        parts.push(
          fill(pauldron(side), side < 0 ? "primary+" : "primary"),
          detail(ribbon(curve(0.5 + side * (sh - 0.05), 0.33, 0.5 + side * (sh + 0.02), 0.3, 0.5 + side * (sh + 0.09), 0.33), 0.03), "secondary"),
        );
    parts.push(detail(ribbon(curve(0.5 - neck, 0.13, 0.5, 0.23, 0.5 + neck, 0.13), 0.035), "secondary"));
    if (rng.chance(0.6))
      parts.push(fill(roundRect(0.5 - waist - 0.02, 0.78, waist * 2 + 0.04, 0.07, 0.02), "secondary"), fill(roundRect(0.46, 0.77, 0.08, 0.09, 0.02), "accent"));
    if (!hasEmblem && rng.chance(0.6)) parts.push(fill(circle(0.5, 0.46, 0.06), "accent"), detail(circle(0.485, 0.445, 0.02), "light", { opacity: 0.8 }));
    return parts;
  },
};

export const gauntlet: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const fingerLen = rng.range(0.22, 0.28);
    const spread = rng.range(0, 6);
    const parts: Part[] = [];
    const cuff = pts(0.3, 0.62, 0.7, 0.62, 0.76, 0.96, 0.24, 0.96);
    parts.push(fill(cuff, "secondary"), lit(cuff, "secondary+", 0.4), fill(rect(0.27, 0.84, 0.46, 0.04), "accent"));
    const palm = roundRect(0.3, 0.36, 0.38, 0.3, 0.06);
    for (let i = 0; i < 4; i++) {
      const x = 0.33 + i * 0.09;
      const len = fingerLen * (i === 0 || i === 3 ? 0.82 : 1);
      const finger = rotateParts([fill(roundRect(x, 0.4 - len, 0.08, len + 0.04, 0.04), "primary")], (i - 1.5) * spread);
      parts.push(...finger);
      for (let k = 1; k < 3; k++)
        parts.push(...rotateParts([line(x + 0.01, 0.4 - (len * k) / 3, x + 0.07, 0.4 - (len * k) / 3, 0.012, "primary-")], (i - 1.5) * spread));
    }
    const thumb = rotateParts([fill(roundRect(0.18, 0.44, 0.18, 0.09, 0.045), "primary")], -35);
    parts.push(...thumb, fill(palm, "primary"), lit(palm, "primary+", 0.4));
    const plates = rng.int(1, 3);
    for (let i = 0; i < plates; i++) parts.push(detail(ribbon(curve(0.3, 0.46 + i * 0.07, 0.49, 0.42 + i * 0.07, 0.68, 0.46 + i * 0.07), 0.016), "primary-"));
    if (rng.chance(0.5)) parts.push(fill(circle(0.49, 0.52, 0.035), "accent"));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const boot: IconShape = {
  primary: "brown",
  secondary: "silver",
  accent: "gold",
  build(rng) {
    const top = rng.range(0.06, 0.22);
    const toe = rng.range(0.82, 0.9);
    const plated = rng.chance(0.4);
    const body = new PathBuilder(0.24, top)
      .lineTo(0.56, top)
      .lineTo(0.58, 0.6)
      .quadTo(toe, 0.64, toe, 0.82)
      .lineTo(toe, 0.9)
      .lineTo(0.2, 0.9)
      .lineTo(0.22, 0.56)
      .build();
    const parts: Part[] = [fill(body, "primary"), lit(body, "primary+", 0.34), fill(roundRect(0.18, 0.86, toe - 0.16, 0.07, 0.02), "dark")];
    if (rng.chance(0.5)) parts.push(fill(roundRect(0.2, top - 0.04, 0.4, 0.12, 0.03), "primary-"));
    if (plated)
      parts.push(
        fill(
          new PathBuilder(0.6, 0.62)
            .quadTo(toe, 0.64, toe - 0.01, 0.84)
            .lineTo(0.6, 0.84)
            .build(),
          "secondary",
        ),
        fill(roundRect(0.26, 0.3, 0.26, 0.28, 0.05), "secondary"),
      );
    else {
      const straps = rng.int(1, 3);
      for (let i = 0; i < straps; i++) {
        const y = top + 0.14 + i * 0.14;
        parts.push(fill(rect(0.22, y, 0.36, 0.05), "dark"), fill(roundRect(0.44, y - 0.01, 0.07, 0.07, 0.01), "accent"));
      }
    }
    return rotateParts(parts, rng.range(-8, 8));
  },
};

export const greaves: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "gold",
  build(rng) {
    const gap = rng.range(0.02, 0.05);
    const flare = rng.range(0.0, 0.06);
    const leg = (side: number): Contour =>
      pts(0.5 + side * gap, 0.3, 0.5 + side * 0.34, 0.24, 0.5 + side * (0.3 + flare), 0.94, 0.5 + side * (0.1 - flare * 0.5), 0.94);
    const parts: Part[] = [fill(rect(0.16, 0.12, 0.68, 0.2), "primary")];
    for (const side of [-1, 1]) {
      const l = side < 0 ? leg(side) : mirrored(leg(-1));
      parts.push(fill(l, side < 0 ? "primary+" : "primary"));
      const knee = rng.chance(0.7) ? ellipse(0.5 + side * 0.21, 0.56, 0.09, 0.07) : circle(0.5 + side * 0.21, 0.56, 0.06);
      parts.push(fill(knee, "primary-"), detail(circle(0.5 + side * 0.21 - 0.02, 0.545, 0.02), "light", { opacity: 0.6 }));
    }
    parts.push(fill(roundRect(0.14, 0.08, 0.72, 0.09, 0.02), "secondary"), fill(roundRect(0.45, 0.07, 0.1, 0.11, 0.02), "accent"));
    if (rng.chance(0.5))
      for (const side of [-1, 1])
        parts.push(detail(rect(0.5 + side * 0.21 - 0.1, 0.8, 0.2, 0.04), "primary--", { clips: [[leg(-1), mirrored(leg(-1))]], rule: "nonzero" }));
    return parts;
  },
};

export const bracer: IconShape = {
  primary: "brown",
  secondary: "silver",
  accent: "gold",
  build(rng) {
    const top = rng.range(0.14, 0.2);
    const narrow = rng.range(0.2, 0.26);
    const body = new PathBuilder(0.22, top)
      .quadTo(0.5, top - 0.06, 0.78, top)
      .lineTo(0.5 + narrow, 0.86)
      .quadTo(0.5, 0.92, 0.5 - narrow, 0.86)
      .build();
    const parts: Part[] = [fill(body, "primary"), lit(body, "primary+", 0.38), detail(body, "primary-", { clips: [outsideOf(shiftedIn(body))] })];
    const straps = rng.int(2, 3);
    for (let i = 0; i < straps; i++) {
      const y = top + 0.14 + (i * (0.86 - top - 0.2)) / Math.max(1, straps - 1);
      parts.push(detail(rect(0.1, y, 0.8, 0.06), "dark", { clips: [[body]] }), fill(roundRect(0.44, y - 0.01, 0.12, 0.08, 0.02), "accent"));
    }
    if (rng.chance(0.5)) parts.push(fill(pts(0.5, top + 0.06, 0.6, top + 0.2, 0.5, top + 0.34, 0.4, top + 0.2), "secondary"));
    return rotateParts(parts, rng.range(-30, 30));
  },
};

function shiftedIn(contour: Contour): Contour {
  return contour.map(([x, y]) => [0.5 + (x - 0.5) * 0.86, y + 0.02] as const);
}
