/** Icon symbols of figures: spider, bug, claw marks, shuriken, goblin head, helmets (see FIGURE_SYMBOLS). */
import { circle, ellipse, PathBuilder, rect, roundRect, star } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";

export const spider: IconShape = {
  primary: "black",
  secondary: "red",
  accent: "white",
  build(rng) {
    const parts: Part[] = [];
    const reach = rng.range(0.36, 0.42);
    for (const d of [-1, 1])
      for (let i = 0; i < 4; i++) {
        const a = -0.9 + i * 0.55;
        const [kx, ky] = [0.5 + d * Math.cos(a) * reach * 0.7, 0.5 + Math.sin(a) * reach * 0.5 - 0.12];
        parts.push(bar(poly(0.5, 0.5, kx, ky, 0.5 + d * Math.cos(a) * reach, 0.5 + Math.sin(a) * reach + 0.18), "primary", 0.03));
      }
    parts.push(
      solid(ellipse(0.5, 0.62, 0.17, 0.2), "primary"),
      solid(circle(0.5, 0.38, 0.1), "primary"),
      detail(poly(0.5, 0.52, 0.56, 0.62, 0.5, 0.72, 0.44, 0.62), "secondary"),
    );
    for (const d of [-1, 1]) parts.push(detail(circle(0.5 + d * 0.04, 0.36, 0.02), "accent"));
    return parts;
  },
};

export const bug: IconShape = {
  primary: "green",
  secondary: "dark",
  accent: "white",
  build(rng) {
    const parts: Part[] = [];
    for (const d of [-1, 1]) {
      for (const y of [0.44, 0.58, 0.72]) parts.push(bar(poly(0.5, y, 0.5 + d * 0.34, y + (y - 0.58) * 0.6 + 0.04), "secondary", 0.03));
      parts.push(line(poly(0.5 + d * 0.04, 0.22, 0.5 + d * 0.16, 0.06), "secondary", 0.02, { outline: true }));
    }
    const shell = ellipse(0.5, 0.58, 0.25, 0.32);
    parts.push(solid(circle(0.5, 0.26, 0.1), "secondary"), solid(shell, "primary"), line(poly(0.5, 0.28, 0.5, 0.9), "secondary", 0.02));
    if (rng.chance(0.5))
      for (const [x, y] of [
        [0.4, 0.5],
        [0.6, 0.5],
        [0.38, 0.7],
        [0.62, 0.7],
      ] as const)
        parts.push(detail(circle(x, y, 0.045), "secondary"));
    parts.push(shine(0.38, 0.44, 0.03, 0.08, 20, 0.6));
    return rotateParts(parts, rng.range(-25, 25));
  },
};

export const claw: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const count = rng.int(3, 4);
    const parts: Part[] = [];
    for (const [i, x] of steps(0.26, 0.74, count).entries()) {
      const bend = rng.range(0.04, 0.1);
      const mark = new PathBuilder(x - 0.14, 0.1 + i * 0.02)
        .quadTo(x + bend, 0.5, x + 0.12, 0.92 - i * 0.02)
        .quadTo(x - bend * 0.4, 0.5, x - 0.14, 0.1 + i * 0.02)
        .build();
      parts.push(solid(mark, "primary"), detail(mark, "primary+", { clips: [[rect(0, 0, 1, 0.45)]] }));
    }
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const shuriken: IconShape = {
  primary: "steel",
  secondary: "dark",
  accent: "red",
  build(rng) {
    const tips = rng.int(4, 5);
    const body = star(0.5, 0.5, 0.46, rng.range(0.14, 0.18), tips, rng.range(0, 1));
    return [
      solid(body, "primary"),
      detail(body, "primary+", { clips: [[poly(0, 0, 1, 0, 0, 1)]] }),
      detail(circle(0.5, 0.5, 0.07), "secondary"),
      detail(circle(0.5, 0.5, 0.11), "primary-", { stroke: 0.02 }),
    ];
  },
};

export const goblin: IconShape = {
  primary: "green",
  secondary: "dark",
  accent: "white",
  build(rng) {
    const ear = rng.range(0.3, 0.4);
    const parts: Part[] = [];
    for (const d of [-1, 1]) parts.push(solid(poly(0.5 + d * 0.22, 0.34, 0.5 + d * (0.22 + ear), 0.2 + rng.range(0, 0.1), 0.5 + d * 0.24, 0.52), "primary-"));
    const head = new PathBuilder(0.5, 0.14)
      .cubicTo(0.78, 0.14, 0.8, 0.5, 0.72, 0.7)
      .quadTo(0.62, 0.9, 0.5, 0.9)
      .quadTo(0.38, 0.9, 0.28, 0.7)
      .cubicTo(0.2, 0.5, 0.22, 0.14, 0.5, 0.14)
      .build();
    parts.push(solid(head, "primary"), rimShade(head, "primary-", -0.04, -0.04));
    for (const d of [-1, 1])
      parts.push(detail(ellipse(0.5 + d * 0.11, 0.44, 0.06, 0.045, d * 0.3), "accent"), detail(circle(0.5 + d * 0.1, 0.445, 0.022), "secondary"));
    parts.push(
      line(poly(0.38, 0.68, 0.62, 0.68), "secondary", 0.03),
      solid(poly(0.4, 0.68, 0.43, 0.6, 0.46, 0.68), "accent"),
      solid(poly(0.54, 0.68, 0.57, 0.6, 0.6, 0.68), "accent"),
    );
    return parts;
  },
};

export const helmet: IconShape = {
  primary: "silver",
  secondary: "red",
  accent: "gold",
  build(rng) {
    const w = rng.range(0.27, 0.31);
    const round = rng.chance(0.4);
    const top = 0.2;
    const helm = round
      ? new PathBuilder(0.5 - w, 0.9)
          .lineTo(0.5 - w, 0.44)
          .cubicTo(0.5 - w, top - 0.04, 0.5 + w, top - 0.04, 0.5 + w, 0.44)
          .lineTo(0.5 + w, 0.9)
          .build()
      : new PathBuilder(0.5 - w, 0.9)
          .lineTo(0.5 - w, top + 0.08)
          .quadTo(0.5, top - 0.04, 0.5 + w, top + 0.08)
          .lineTo(0.5 + w, 0.9)
          .quadTo(0.5, 0.96, 0.5 - w, 0.9)
          .build();
    const parts: Part[] = [];
    const plume = rng.int(0, 2);
    if (plume === 1)
      parts.push(
        solid(
          new PathBuilder(0.5, top + 0.02)
            .cubicTo(0.5, 0.0, 0.78, -0.02, 0.92, 0.2)
            .cubicTo(0.76, 0.12, 0.62, 0.14, 0.56, top + 0.06)
            .build(),
          "secondary",
        ),
      );
    parts.push(
      solid(helm, "primary"),
      detail(helm, "primary-", { clips: [[rect(0.5 + w * 0.35, 0, 1, 1)]] }),
      detail(rect(0.47, 0, 0.06, 1), "primary+", { clips: [[helm]] }),
    );
    parts.push(detail(rect(0.5 - w + 0.04, 0.46, w * 2 - 0.08, 0.06), "dark"), detail(rect(0.47, 0.46, 0.06, 0.22), "dark"));
    for (const y of [0.74, 0.8]) for (const d of [-1, 1]) parts.push(detail(circle(0.5 + d * 0.1, y, 0.014), "dark"));
    if (plume === 2) parts.push(solid(poly(0.46, top + 0.02, 0.5, top - 0.12, 0.54, top + 0.02), "accent"));
    parts.push(shine(0.5 - w + 0.08, 0.34, 0.02, 0.08, 10, 0.6));
    return parts;
  },
};

export const hornedHelmet: IconShape = {
  primary: "steel",
  secondary: "beige",
  accent: "brown",
  build(rng) {
    const horn = rng.range(0.12, 0.2);
    const parts: Part[] = [];
    for (const d of [-1, 1]) {
      const h = new PathBuilder(0.5 + d * 0.24, 0.5)
        .cubicTo(0.5 + d * 0.42, 0.46, 0.5 + d * 0.44, 0.3, 0.5 + d * 0.4, horn)
        .cubicTo(0.5 + d * 0.36, 0.3, 0.5 + d * 0.32, 0.36, 0.5 + d * 0.2, 0.36)
        .build();
      parts.push(solid(h, "secondary"), detail(h, "secondary-", { clips: [[rect(0, 0.42, 1, 1)]] }));
    }
    const dome = new PathBuilder(0.2, 0.66).cubicTo(0.2, 0.18, 0.8, 0.18, 0.8, 0.66).lineTo(0.2, 0.66).build();
    parts.push(solid(dome, "primary"), detail(dome, "primary-", { clips: [[rect(0.6, 0, 1, 1)]] }), solid(roundRect(0.17, 0.62, 0.66, 0.1, 0.03), "accent"));
    for (const x of steps(0.24, 0.76, 6)) parts.push(detail(circle(x, 0.67, 0.014), "primary+"));
    parts.push(solid(poly(0.46, 0.66, 0.54, 0.66, 0.53, 0.9, 0.5, 0.93, 0.47, 0.9), "primary-"));
    if (rng.chance(0.5)) parts.push(line(poly(0.5, 0.3, 0.5, 0.62), "primary+", 0.03));
    parts.push(shine(0.34, 0.42, 0.03, 0.07, 25, 0.6));
    return parts;
  },
};

export const dragonHead: IconShape = {
  primary: "green",
  secondary: "beige",
  accent: "yellow",
  build(rng) {
    const horn = rng.range(0.02, 0.12);
    const open = rng.chance(0.5);
    const parts: Part[] = [];
    for (const [dx, fill] of [
      [0.06, "secondary-"],
      [0, "secondary"],
    ] as const)
      parts.push(
        solid(
          new PathBuilder(0.58 + dx, 0.3)
            .quadTo(0.76 + dx, horn, 0.96, horn + 0.02)
            .quadTo(0.84 + dx, 0.14, 0.72 + dx, 0.36)
            .build(),
          fill,
        ),
      );
    for (const t of steps(0.1, 0.9, rng.int(3, 5))) {
      const [x, y] = [0.82 + t * 0.1, 0.46 + t * 0.5];
      parts.push(solid(poly(x - 0.02, y - 0.06, x + 0.1, y - 0.02, x + 0.01, y + 0.04), "secondary"));
    }
    const head = new PathBuilder(0.08, 0.46)
      .lineTo(0.36, 0.36)
      .quadTo(0.5, 0.22, 0.66, 0.26)
      .quadTo(0.8, 0.3, 0.82, 0.46)
      .lineTo(0.92, 0.96)
      .lineTo(0.6, 0.96)
      .quadTo(0.58, 0.74, 0.42, 0.66)
      .lineTo(0.16, 0.64)
      .quadTo(0.05, 0.6, 0.08, 0.46)
      .build();
    parts.push(solid(head, "primary"), detail(head, "primary-", { clips: [[poly(0, 0.6, 1, 0.5, 1, 1, 0, 1)]] }));
    if (open)
      parts.push(
        detail(poly(0.12, 0.56, 0.46, 0.56, 0.2, 0.62), "dark"),
        ...[0.16, 0.24, 0.32].map((x) => detail(poly(x, 0.56, x + 0.03, 0.6, x + 0.05, 0.56), "light")),
      );
    else
      parts.push(
        line(poly(0.14, 0.56, 0.46, 0.58), "primary--", 0.016),
        ...[0.2, 0.3].map((x) => detail(poly(x, 0.565, x + 0.025, 0.61, x + 0.04, 0.57), "light")),
      );
    parts.push(
      detail(ellipse(0.56, 0.38, 0.055, 0.032, -0.2), "accent"),
      detail(ellipse(0.56, 0.38, 0.012, 0.03), "dark"),
      detail(circle(0.15, 0.5, 0.016), "dark"),
    );
    for (const t of steps(0.2, 0.8, 3)) parts.push(detail(ellipse(0.62 + t * 0.2, 0.6 + t * 0.3, 0.05, 0.025, 0.4), "primary+", { opacity: 0.7 }));
    return parts;
  },
};

export const zombieHand: IconShape = {
  primary: "lime",
  secondary: "brown",
  accent: "blue",
  build(rng) {
    const parts: Part[] = [];
    const fingers = [
      [0.36, -0.35],
      [0.44, -0.12],
      [0.54, 0.05],
      [0.63, 0.25],
    ] as const;
    for (const [x, a] of fingers) {
      const len = rng.range(0.2, 0.28);
      const bend = rng.range(-0.2, 0.2);
      parts.push(
        bar(
          poly(x, 0.42, x + Math.sin(a) * len * 0.5, 0.42 - Math.cos(a) * len * 0.5, x + Math.sin(a + bend) * len, 0.42 - Math.cos(a + bend) * len),
          "primary",
          0.075,
        ),
      );
    }
    parts.push(bar(poly(0.34, 0.56, 0.22, 0.44, 0.2, 0.34), "primary", 0.075));
    const palm = roundRect(0.32, 0.38, 0.36, 0.3, 0.08);
    parts.push(solid(palm, "primary"), detail(palm, "primary-", { clips: [[rect(0.55, 0, 1, 1)]] }));
    parts.push(
      solid(poly(0.34, 0.64, 0.68, 0.64, 0.72, 0.86, 0.3, 0.86), "accent"),
      solid(poly(0.3, 0.62, 0.38, 0.7, 0.46, 0.62, 0.54, 0.7, 0.62, 0.62, 0.7, 0.7, 0.72, 0.74, 0.3, 0.74), "accent-"),
    );
    parts.push(
      solid(new PathBuilder(0.04, 0.96).quadTo(0.5, 0.7, 0.96, 0.96).build(), "secondary"),
      detail(ellipse(0.3, 0.9, 0.06, 0.025), "secondary+"),
      detail(ellipse(0.7, 0.88, 0.05, 0.02), "secondary-"),
    );
    for (let i = 0; i < 3; i++) parts.push(detail(circle(rng.range(0.36, 0.64), rng.range(0.42, 0.6), 0.02), "primary--", { opacity: 0.8 }));
    return parts;
  },
};

export const rocket: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "orange",
  build(rng) {
    const w = rng.range(0.13, 0.16);
    const body = new PathBuilder(0.5, 0.04)
      .cubicTo(0.5 + w * 1.6, 0.2, 0.5 + w, 0.5, 0.5 + w, 0.74)
      .lineTo(0.5 - w, 0.74)
      .cubicTo(0.5 - w, 0.5, 0.5 - w * 1.6, 0.2, 0.5, 0.04)
      .build();
    const flame = new PathBuilder(0.5 - w * 0.7, 0.76).quadTo(0.5, rng.range(1.02, 1.1), 0.5 + w * 0.7, 0.76).build();
    const parts: Part[] = [
      solid(flame, "accent"),
      detail(
        flame.map(([x, y]) => [0.5 + (x - 0.5) * 0.5, 0.76 + (y - 0.76) * 0.6] as const),
        "light",
      ),
    ];
    for (const d of [-1, 1]) parts.push(solid(poly(0.5 + d * w, 0.5, 0.5 + d * (w + 0.14), 0.72, 0.5 + d * (w + 0.12), 0.82, 0.5 + d * w, 0.74), "secondary"));
    parts.push(
      solid(body, "primary"),
      detail(body, "primary-", { clips: [[rect(0.5 + w * 0.3, 0, 1, 1)]] }),
      detail(body, "secondary", { clips: [[rect(0, 0, 1, 0.2)]] }),
    );
    parts.push(solid(circle(0.5, 0.4, 0.075), "secondary-"), detail(circle(0.5, 0.4, 0.05), "glass"), detail(circle(0.485, 0.385, 0.015), "light"));
    parts.push(solid(rect(0.5 - w * 0.8, 0.72, w * 1.6, 0.05), "secondary-"));
    return rotateParts(parts, rng.range(20, 45));
  },
};
