/** Icon shapes of food: apple, bread, cheese, carrot, meat, drumstick, fish, pie, cake, cookie. */
import { circle, ellipse, PathBuilder, rect, roundRect, type Contour } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";

export const apple: IconShape = {
  primary: "red",
  secondary: "brown",
  accent: "green",
  build(rng) {
    const w = rng.range(0.34, 0.38);
    const dip = rng.range(0.22, 0.28);
    const body = new PathBuilder(0.5, dip)
      .cubicTo(0.5 + w * 0.6, 0.1, 0.5 + w * 1.3, 0.3, 0.5 + w, 0.7)
      .cubicTo(0.5 + w * 0.7, 0.96, 0.56, 0.92, 0.5, 0.88)
      .cubicTo(0.44, 0.92, 0.5 - w * 0.7, 0.96, 0.5 - w, 0.7)
      .cubicTo(0.5 - w * 1.3, 0.3, 0.5 - w * 0.6, 0.1, 0.5, dip)
      .build();
    const parts: Part[] = [bar(new PathBuilder(0.5, dip + 0.04).quadTo(0.5, 0.12, 0.56, 0.04).build(), "secondary", 0.035)];
    if (rng.chance(0.7)) parts.push(solid(new PathBuilder(0.53, 0.12).quadTo(0.66, 0.0, 0.8, 0.08).quadTo(0.68, 0.2, 0.53, 0.12).build(), "accent"));
    parts.push(solid(body, "primary"), rimShade(body, "primary-", -0.07, -0.06), shine(0.34, 0.38, 0.04, 0.08, 20, 0.75));
    if (rng.chance(0.3))
      parts.push(
        detail(
          new PathBuilder(0.5 + w, 0.4)
            .quadTo(0.5 + w - 0.14, 0.55, 0.5 + w - 0.02, 0.72)
            .lineTo(0.6 + w, 0.72)
            .lineTo(0.6 + w, 0.4)
            .build(),
          "light-",
          { clips: [[body]] },
        ),
      );
    return parts;
  },
};

export const bread: IconShape = {
  primary: "tan",
  secondary: "orange",
  accent: "beige",
  build(rng) {
    const round = rng.chance(0.4);
    const parts: Part[] = [];
    if (round) {
      const loaf = new PathBuilder(0.1, 0.76).cubicTo(0.1, 0.2, 0.9, 0.2, 0.9, 0.76).lineTo(0.1, 0.76).build();
      parts.push(
        solid(loaf, "primary"),
        detail(loaf, "secondary", { clips: [[rect(0, 0.2, 1, 0.34)]], opacity: 0.5 }),
        solid(roundRect(0.1, 0.72, 0.8, 0.1, 0.04), "primary-"),
      );
      for (const x of steps(0.3, 0.7, 3)) parts.push(line(new PathBuilder(x - 0.06, 0.36).quadTo(x, 0.46, x + 0.06, 0.4).build(), "accent", 0.03));
    } else {
      const loaf = roundRect(0.08, 0.34, 0.84, 0.36, 0.18);
      parts.push(solid(loaf, "primary"), detail(loaf, "secondary", { clips: [[rect(0, 0.3, 1, 0.16)]], opacity: 0.45 }), rimShade(loaf, "primary-", 0, -0.06));
      for (const x of steps(0.26, 0.74, rng.int(3, 4))) parts.push(line(poly(x - 0.05, 0.56, x + 0.06, 0.4), "accent", 0.035));
    }
    parts.push(shine(0.3, round ? 0.38 : 0.42, 0.06, 0.02, -10, 0.5));
    return rotateParts(parts, rng.range(-25, 10));
  },
};

export const cheese: IconShape = {
  primary: "yellow",
  secondary: "orange",
  accent: "white",
  build(rng) {
    const tip = rng.range(0.06, 0.12);
    const top: Contour = poly(tip, 0.5, 0.8, 0.22, 0.94, 0.34);
    const front: Contour = poly(tip, 0.5, 0.94, 0.34, 0.94, 0.72, tip, 0.86);
    const parts: Part[] = [
      solid(front, "primary"),
      solid(top, "primary+"),
      detail(poly(0.8, 0.22, 0.94, 0.34, 0.94, 0.72, 0.82, 0.62), "primary-", { clips: [[front]] }),
    ];
    for (let i = 0; i < rng.int(3, 5); i++) {
      const [x, y] = [rng.range(0.24, 0.82), rng.range(0.5, 0.76)];
      parts.push(detail(ellipse(x, y, rng.range(0.03, 0.055), rng.range(0.03, 0.05)), "secondary", { clips: [[front]] }));
    }
    parts.push(detail(ellipse(0.6, 0.32, 0.04, 0.02), "secondary", { clips: [[top]] }));
    return parts;
  },
};

export const carrot: IconShape = {
  primary: "orange",
  secondary: "green",
  accent: "white",
  build(rng) {
    const w = rng.range(0.12, 0.15);
    const body = new PathBuilder(0.5 - w, 0.3)
      .quadTo(0.5, 0.22, 0.5 + w, 0.3)
      .quadTo(0.5 + w * 0.6, 0.7, 0.5, 0.96)
      .quadTo(0.5 - w * 0.6, 0.7, 0.5 - w, 0.3)
      .build();
    const parts: Part[] = [];
    for (const [dx, h] of [
      [-0.12, 0.08],
      [0, 0.04],
      [0.12, 0.1],
    ] as const)
      parts.push(
        solid(
          new PathBuilder(0.5, 0.28)
            .quadTo(0.5 + dx * 2.2, h + 0.06, 0.5 + dx * 1.5, h)
            .quadTo(0.5 + dx * 0.6, h + 0.1, 0.5, 0.28)
            .build(),
          dx === 0 ? "secondary+" : "secondary",
        ),
      );
    parts.push(solid(body, "primary"), detail(body, "primary-", { clips: [[rect(0.52, 0, 1, 1)]] }));
    for (const y of steps(0.4, 0.78, rng.int(3, 5))) parts.push(line(poly(0.5 - w * 0.6, y, 0.5 - w * 0.1, y + 0.02), "primary--", 0.014));
    return rotateParts(parts, rng.range(20, 45));
  },
};

export const meat: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "brown",
  build(rng) {
    const w = rng.range(0.38, 0.42);
    const steak = new PathBuilder(0.2, 0.24)
      .cubicTo(0.5, 0.1, 0.5 + w + 0.04, 0.14, 0.5 + w, 0.5)
      .cubicTo(0.5 + w, 0.8, 0.6, 0.86, 0.36, 0.8)
      .cubicTo(0.1, 0.74, 0.02, 0.4, 0.2, 0.24)
      .build();
    const parts: Part[] = [
      solid(steak, "secondary"),
      solid(
        steak.map(([x, y]) => [0.5 + (x - 0.5) * 0.86, 0.5 + (y - 0.5) * 0.84] as const),
        "primary",
      ),
    ];
    parts.push(
      rimShade(
        steak.map(([x, y]) => [0.5 + (x - 0.5) * 0.86, 0.5 + (y - 0.5) * 0.84] as const),
        "primary-",
        -0.04,
        -0.04,
      ),
    );
    for (let i = 0; i < 3; i++)
      parts.push(
        line(
          new PathBuilder(rng.range(0.24, 0.4), rng.range(0.34, 0.66))
            .quadTo(rng.range(0.44, 0.56), rng.range(0.3, 0.7), rng.range(0.6, 0.76), rng.range(0.34, 0.66))
            .build(),
          "secondary",
          0.014,
          { opacity: 0.7 },
        ),
      );
    if (rng.chance(0.5)) parts.push(solid(circle(0.62, 0.5, 0.07), "secondary"), detail(circle(0.62, 0.5, 0.035), "secondary-"));
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.3, 0.4],
        [0.48, 0.3],
        [0.56, 0.62],
      ] as const)
        parts.push(line(poly(x, y, x + 0.12, y + 0.08), "accent", 0.025, { opacity: 0.7 }));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const drumstick: IconShape = {
  primary: "orange",
  secondary: "white",
  accent: "brown",
  build(rng) {
    const r = rng.range(0.24, 0.28);
    const meatPart = new PathBuilder(0.3, 0.3)
      .cubicTo(0.5, 0.02, 0.82, 0.14, 0.7, 0.42)
      .cubicTo(0.64, 0.56, 0.6, 0.62, 0.58, 0.66)
      .lineTo(0.5, 0.6)
      .cubicTo(0.46, 0.58, 0.2, 0.5, 0.3, 0.3)
      .build();
    const scaled = meatPart.map(([x, y]) => [0.5 + (x - 0.5) * (r / 0.26), 0.4 + (y - 0.4) * (r / 0.26)] as const);
    const parts: Part[] = [bar(poly(0.56, 0.62, 0.74, 0.8), "secondary", 0.07)];
    for (const [x, y] of [
      [0.74, 0.86],
      [0.82, 0.78],
    ] as const)
      parts.push(solid(circle(x, y, 0.055), "secondary"));
    parts.push(detail(rect(0, 0, 1, 1), "secondary-", { clips: [[poly(0.6, 0.7, 0.9, 0.8, 0.8, 0.92)], [[...circle(0.74, 0.86, 0.055)]]] }));
    parts.push(
      solid(scaled, "primary"),
      rimShade(scaled, "primary-", -0.05, -0.05),
      detail(scaled, "accent", { clips: [[rect(0, 0.5, 1, 1)]], opacity: 0.35 }),
      shine(0.4, 0.26, 0.06, 0.025, -40, 0.6),
    );
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const fish: IconShape = {
  primary: "sky",
  secondary: "blue",
  accent: "white",
  build(rng) {
    const h = rng.range(0.2, 0.26);
    const body = new PathBuilder(0.08, 0.5)
      .cubicTo(0.2, 0.5 - h * 1.3, 0.56, 0.5 - h * 1.2, 0.72, 0.5)
      .cubicTo(0.56, 0.5 + h * 1.2, 0.2, 0.5 + h * 1.3, 0.08, 0.5)
      .build();
    const fork = rng.range(0.12, 0.2);
    const parts: Part[] = [solid(poly(0.68, 0.5, 0.94, 0.5 - fork - 0.04, 0.88, 0.5, 0.94, 0.5 + fork + 0.04), "secondary")];
    parts.push(solid(poly(0.3, 0.5 - h * 0.9, 0.42, 0.5 - h * 1.45, 0.54, 0.5 - h * 0.85), "secondary"));
    parts.push(
      solid(body, "primary"),
      detail(body, "primary-", { clips: [[rect(0, 0.5, 1, 1)]] }),
      detail(body, "light", { clips: [[rect(0, 0.54, 1, 1)]], opacity: 0.35 }),
    );
    parts.push(line(new PathBuilder(0.28, 0.5 - h * 0.7).quadTo(0.34, 0.5, 0.28, 0.5 + h * 0.7).build(), "primary-", 0.018));
    parts.push(solid(circle(0.19, 0.46, 0.04), "light"), detail(circle(0.18, 0.46, 0.022), "dark"));
    if (rng.chance(0.5))
      for (const x of steps(0.38, 0.6, 3)) parts.push(line(new PathBuilder(x, 0.42).quadTo(x + 0.04, 0.46, x, 0.5).build(), "primary+", 0.012));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const pie: IconShape = {
  primary: "tan",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const lattice = rng.chance(0.55);
    const parts: Part[] = [solid(ellipse(0.5, 0.62, 0.44, 0.22), "primary-"), solid(rect(0.06, 0.5, 0.88, 0.12), "primary-")];
    const top = ellipse(0.5, 0.5, 0.44, 0.22);
    parts.push(solid(top, "primary"));
    if (lattice) {
      parts.push(detail(ellipse(0.5, 0.5, 0.36, 0.17), "secondary"));
      for (const t of steps(-0.3, 0.3, 4))
        parts.push(
          line(poly(0.5 + t, 0.3, 0.5 + t, 0.7), "primary", 0.035, { clips: [[ellipse(0.5, 0.5, 0.36, 0.17)]] }),
          line(poly(0.1, 0.5 + t * 0.5, 0.9, 0.5 + t * 0.5), "primary+", 0.03, { clips: [[ellipse(0.5, 0.5, 0.36, 0.17)]] }),
        );
    } else {
      parts.push(detail(ellipse(0.5, 0.5, 0.36, 0.17), "primary+"));
      for (let i = 0; i < 3; i++) {
        const a = -Math.PI / 2 + (i - 1) * 0.6;
        parts.push(line(poly(0.5 + Math.cos(a) * 0.06, 0.5 + Math.sin(a) * 0.03, 0.5 + Math.cos(a) * 0.2, 0.5 + Math.sin(a) * 0.1), "accent", 0.02));
      }
    }
    for (let i = 0; i < 16; i++) {
      const a = (i / 16) * Math.PI * 2;
      parts.push(detail(circle(0.5 + Math.cos(a) * 0.4, 0.5 + Math.sin(a) * 0.2, 0.035), "primary+"));
    }
    if (rng.chance(0.4))
      parts.push(line(poly(0.4, 0.28, 0.42, 0.18), "light", 0.02, { opacity: 0.5 }), line(poly(0.56, 0.26, 0.54, 0.14), "light", 0.02, { opacity: 0.5 }));
    return parts;
  },
};

export const cake: IconShape = {
  primary: "pink",
  secondary: "beige",
  accent: "red",
  build(rng) {
    const tiers = rng.int(1, 2);
    const parts: Part[] = [solid(ellipse(0.5, 0.88, 0.44, 0.07), "light-")];
    let base = 0.86;
    let w = 0.36;
    for (let t = 0; t < tiers; t++) {
      const h = tiers === 1 ? 0.36 : 0.24;
      const layer = rect(0.5 - w, base - h, w * 2, h);
      parts.push(
        solid(layer, "secondary"),
        detail(rect(0.5 - w, base - h * 0.55, w * 2, h * 0.14), "primary", { opacity: 0.8 }),
        detail(layer, "secondary-", { clips: [[rect(0.5 + w * 0.6, 0, 1, 1)]] }),
      );
      const drips: number[] = [0.5 - w - 0.01, base - h - 0.02];
      for (const [i, x] of steps(0.5 - w, 0.5 + w, 7).entries()) drips.push(x, base - h + (i % 2 ? 0.1 : 0.05));
      drips.push(0.5 + w + 0.01, base - h - 0.02);
      parts.push(solid(ellipse(0.5, base - h, w + 0.01, 0.05), "primary"), detail(poly(...drips), "primary"));
      base -= h;
      w *= 0.7;
    }
    const topper = rng.int(0, 1);
    if (topper === 0)
      parts.push(
        solid(circle(0.5, base - 0.06, 0.06), "accent"),
        detail(circle(0.48, base - 0.08, 0.018), "light"),
        bar(poly(0.5, base - 0.11, 0.52, base - 0.16), "accent-", 0.014),
      );
    else
      for (const x of steps(0.5 - w * 0.5, 0.5 + w * 0.5, 3))
        parts.push(solid(rect(x - 0.02, base - 0.16, 0.04, 0.14), "accent+"), solid(ellipse(x, base - 0.2, 0.025, 0.04), "light"));
    return parts;
  },
};

export const cookie: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const r = rng.range(0.38, 0.42);
    const bite = rng.chance(0.5) ? { x: 0.84, y: 0.2, r: 0.15 } : undefined;
    const pts: number[] = [];
    for (let i = 0; i < 48; i++) {
      const a = (i / 48) * Math.PI * 2;
      const rr = r * (1 + Math.sin(i * 1.7) * 0.02);
      let [x, y] = [0.5 + Math.cos(a) * rr, 0.5 + Math.sin(a) * rr];
      if (bite && Math.hypot(x - bite.x, y - bite.y) < bite.r) {
        const b = Math.atan2(y - bite.y, x - bite.x);
        [x, y] = [bite.x + Math.cos(b) * bite.r, bite.y + Math.sin(b) * bite.r];
      }
      pts.push(x, y);
    }
    const body = poly(...pts);
    const parts: Part[] = [solid(body, "primary"), rimShade(body, "primary-", -0.05, -0.05)];
    for (let i = 0; i < rng.int(5, 8); i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0, r * 0.7);
      parts.push(detail(ellipse(0.5 + Math.cos(a) * d, 0.5 + Math.sin(a) * d, 0.04, 0.032, a), "secondary", { clips: [[body]] }));
    }
    return parts;
  },
};
