/** Icon shapes of food: berries and fruit, vegetables, wheat and sausages. */
import { circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shine, solid, steps } from "./kit.js";

export const strawberry: IconShape = {
  primary: "red",
  secondary: "green",
  accent: "yellow",
  build(rng) {
    const w = rng.range(0.32, 0.36);
    const body = new PathBuilder(0.5, 0.94)
      .cubicTo(0.3, 0.84, 0.5 - w, 0.5, 0.5 - w, 0.36)
      .cubicTo(0.5 - w, 0.2, 0.5 + w, 0.2, 0.5 + w, 0.36)
      .cubicTo(0.5 + w, 0.5, 0.7, 0.84, 0.5, 0.94)
      .build();
    const parts: Part[] = [solid(body, "primary"), rimShade(body, "primary-", -0.06, -0.04)];
    for (let row = 0; row < 5; row++)
      for (const x of steps(0.5 - w * (0.8 - row * 0.12), 0.5 + w * (0.8 - row * 0.12), 4 - (row > 2 ? 1 : 0)))
        parts.push(detail(ellipse(x, 0.38 + row * 0.11, 0.012, 0.02), "accent", { clips: [[body]] }));
    parts.push(
      solid(poly(0.5, 0.3, 0.28, 0.22, 0.4, 0.2, 0.36, 0.1, 0.5, 0.18, 0.64, 0.1, 0.6, 0.2, 0.72, 0.22), "secondary"),
      bar(poly(0.5, 0.2, 0.52, 0.06), "secondary-", 0.03),
    );
    parts.push(shine(0.34, 0.42, 0.03, 0.07, 20, 0.6));
    return rotateParts(parts, rng.range(-20, 20));
  },
};

export const watermelon: IconShape = {
  primary: "red",
  secondary: "green",
  accent: "dark",
  build(rng) {
    const r = rng.range(0.42, 0.46);
    const arc = (rr: number) =>
      poly(...Array.from({ length: 33 }, (_, k) => [0.5 - Math.cos((k / 32) * Math.PI) * rr, 0.36 + Math.sin((k / 32) * Math.PI) * rr]).flat());
    const parts: Part[] = [solid(arc(r), "secondary"), detail(arc(r - 0.05), "light-"), detail(arc(r - 0.08), "primary")];
    for (let i = 0; i < rng.int(5, 8); i++) {
      const a = rng.range(0.3, Math.PI - 0.3);
      const d = rng.range(0.1, r - 0.16);
      parts.push(detail(ellipse(0.5 - Math.cos(a) * d, 0.36 + Math.sin(a) * d, 0.015, 0.028, -Math.cos(a)), "accent"));
    }
    return rotateParts(parts, rng.range(-25, 25));
  },
};

export const citrus: IconShape = {
  primary: "yellow",
  secondary: "white",
  accent: "green",
  build(rng) {
    const sliced = rng.chance(0.5);
    const parts: Part[] = [];
    if (sliced) {
      parts.push(solid(circle(0.5, 0.5, 0.42), "primary-"), detail(circle(0.5, 0.5, 0.38), "secondary"), detail(circle(0.5, 0.5, 0.34), "primary+"));
      const n = rng.int(7, 9);
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        parts.push(line(poly(0.5, 0.5, 0.5 + Math.cos(a) * 0.34, 0.5 + Math.sin(a) * 0.34), "secondary", 0.025));
      }
      parts.push(detail(circle(0.5, 0.5, 0.04), "secondary"));
    } else {
      const fruit = ellipse(0.5, 0.54, 0.4, 0.3, rng.range(-0.3, 0.3));
      parts.push(
        solid(fruit, "primary"),
        rimShade(fruit, "primary-", -0.05, -0.05),
        solid(ellipse(0.12, 0.5, 0.05, 0.04), "primary"),
        shine(0.36, 0.42, 0.07, 0.03, -20, 0.6),
      );
      for (let i = 0; i < 8; i++) parts.push(detail(circle(rng.range(0.3, 0.7), rng.range(0.4, 0.68), 0.008), "primary-", { clips: [[fruit]] }));
      parts.push(solid(new PathBuilder(0.56, 0.26).quadTo(0.72, 0.08, 0.88, 0.18).quadTo(0.74, 0.32, 0.56, 0.26).build(), "accent"));
    }
    return parts;
  },
};

export const wheat: IconShape = {
  primary: "gold",
  secondary: "tan",
  accent: "brown",
  build(rng) {
    const stalks = rng.int(2, 3);
    const parts: Part[] = [];
    for (let s = 0; s < stalks; s++) {
      const lean = (s - (stalks - 1) / 2) * 0.14;
      const [tx, ty] = [0.5 + lean * 1.6, 0.1 + Math.abs(lean) * 0.4];
      parts.push(bar(poly(0.5, 0.96, tx, ty + 0.3), "secondary", 0.025));
      for (let g = 0; g < 5; g++) {
        const t = g / 5;
        const [x, y] = [tx + (0.5 - tx) * t * 0.3, ty + t * 0.3];
        for (const d of [-1, 1]) parts.push(solid(ellipse(x + d * 0.035, y + 0.02, 0.028, 0.05, d * 0.5 + lean), "primary"));
      }
      parts.push(solid(ellipse(tx, ty - 0.02, 0.025, 0.05, lean), "primary"), line(poly(tx, ty - 0.06, tx + lean * 0.3, ty - 0.14), "primary-", 0.01));
    }
    parts.push(solid(roundRect(0.42, 0.72, 0.16, 0.07, 0.02), "accent"));
    return parts;
  },
};

export const pear: IconShape = {
  primary: "lime",
  secondary: "brown",
  accent: "green",
  build(rng) {
    const [top, bottom] = [rng.range(0.12, 0.16), rng.range(0.34, 0.4)];
    const body = new PathBuilder(0.5, top)
      .cubicTo(0.62, top, 0.64, 0.36, 0.66, 0.44)
      .cubicTo(0.5 + bottom, 0.56, 0.5 + bottom, 0.94, 0.5, 0.94)
      .cubicTo(0.5 - bottom, 0.94, 0.5 - bottom, 0.56, 0.34, 0.44)
      .cubicTo(0.36, 0.36, 0.38, top, 0.5, top)
      .build();
    const parts: Part[] = [bar(new PathBuilder(0.5, top + 0.02).quadTo(0.5, 0.06, 0.56, 0.02).build(), "secondary", 0.03)];
    if (rng.chance(0.6)) parts.push(solid(new PathBuilder(0.53, 0.08).quadTo(0.66, -0.02, 0.78, 0.06).quadTo(0.66, 0.16, 0.53, 0.08).build(), "accent"));
    parts.push(solid(body, "primary"), rimShade(body, "primary-", -0.06, -0.04), shine(0.38, 0.62, 0.03, 0.09, 15, 0.6));
    for (let i = 0; i < 6; i++) parts.push(detail(circle(rng.range(0.36, 0.66), rng.range(0.5, 0.86), 0.008), "secondary", { opacity: 0.6 }));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const tomato: IconShape = {
  primary: "red",
  secondary: "green",
  accent: "white",
  build(rng) {
    const w = rng.range(0.38, 0.42);
    const body = [ellipse(0.5, 0.58, w, 0.32), ellipse(0.38, 0.56, w * 0.6, 0.3), ellipse(0.62, 0.56, w * 0.6, 0.3)];
    const parts: Part[] = [
      solid(body, "primary"),
      detail(body, "primary-", { clips: [[rect(0, 0.66, 1, 1)]] }),
      line(new PathBuilder(0.5, 0.32).quadTo(0.46, 0.6, 0.5, 0.88).build(), "primary-", 0.014),
    ];
    const sepals = rng.int(5, 6);
    const pts: number[] = [];
    for (let i = 0; i < sepals * 2; i++) {
      const a = (i / (sepals * 2)) * Math.PI * 2;
      const r = i % 2 ? 0.05 : 0.18;
      pts.push(0.5 + Math.cos(a) * r, 0.3 + Math.sin(a) * r * 0.45);
    }
    parts.push(solid(poly(...pts), "secondary"), bar(poly(0.5, 0.3, 0.53, 0.16), "secondary-", 0.03), shine(0.34, 0.44, 0.06, 0.03, -30, 0.7));
    return parts;
  },
};

export const potato: IconShape = {
  primary: "tan",
  secondary: "brown",
  accent: "beige",
  build(rng) {
    const pts: number[] = [];
    for (let i = 0; i < 24; i++) {
      const a = (i / 24) * Math.PI * 2;
      pts.push(0.5 + Math.cos(a) * 0.4 * rng.range(0.94, 1.04), 0.52 + Math.sin(a) * 0.27 * rng.range(0.92, 1.06));
    }
    const body = poly(...pts);
    const parts: Part[] = [solid(body, "primary"), rimShade(body, "primary-", -0.05, -0.05)];
    for (let i = 0; i < rng.int(4, 7); i++)
      parts.push(detail(ellipse(rng.range(0.24, 0.76), rng.range(0.36, 0.68), 0.02, 0.012, rng.range(-1, 1)), "secondary", { opacity: 0.8 }));
    if (rng.chance(0.4)) parts.push(solid(ellipse(0.66, 0.38, 0.1, 0.08), "accent"), detail(ellipse(0.66, 0.38, 0.07, 0.05), "light", { opacity: 0.6 }));
    return rotateParts(parts, rng.range(-30, 30));
  },
};

export const sausage: IconShape = {
  primary: "maroon",
  secondary: "brown",
  accent: "white",
  build(rng) {
    const links = rng.int(1, 3);
    const parts: Part[] = [];
    for (let i = 0; i < links; i++) {
      const y = 0.5 + (i - (links - 1) / 2) * 0.2;
      const bend = rng.range(0.04, 0.1);
      const body = new PathBuilder(0.14, y).quadTo(0.5, y + bend, 0.86, y).build();
      parts.push(
        bar(body, "primary", links === 1 ? 0.2 : 0.15),
        line(
          body.map(([x, yy]) => [x, yy - 0.03] as const),
          "primary+",
          0.025,
          { opacity: 0.7 },
        ),
      );
      for (const x of [0.1, 0.9]) parts.push(solid(circle(x, y, 0.025), "secondary"));
      for (const x of steps(0.3, 0.7, 3)) parts.push(line(poly(x - 0.03, y - 0.02, x + 0.03, y + 0.02), "secondary", 0.01));
    }
    return rotateParts(parts, rng.range(-30, 30));
  },
};
