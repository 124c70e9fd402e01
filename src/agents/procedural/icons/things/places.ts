/** Icon shapes of places and odd things: temple, pillar, windmill, fountain, pyramid, portal, palm, nest, web, wheel, planet, hoard. */
import { circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, star } from "../../kit/geometry.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";
import { bar, detail, line, poly, rimShade, shadeRight, shine, solid, steps } from "./kit.js";

export const temple: IconShape = {
  primary: "beige",
  secondary: "grey",
  accent: "gold",
  build(rng) {
    const columns = rng.int(3, 5);
    const roofTop = rng.range(0.08, 0.16);
    const parts: Part[] = [solid(rect(0.08, 0.84, 0.84, 0.08), "primary-"), solid(rect(0.12, 0.78, 0.76, 0.07), "primary")];
    for (const x of steps(0.2, 0.8, columns)) {
      parts.push(solid(rect(x - 0.045, 0.4, 0.09, 0.38), "primary"), detail(rect(x + 0.01, 0.4, 0.035, 0.38), "primary-"));
      for (const dx of [-0.015, 0.015]) parts.push(line(poly(x + dx, 0.42, x + dx, 0.76), "primary-", 0.008));
    }
    parts.push(solid(rect(0.12, 0.34, 0.76, 0.07), "primary"));
    const roof = poly(0.06, 0.35, 0.5, roofTop, 0.94, 0.35);
    parts.push(solid(roof, "primary+"), detail(poly(0.2, 0.31, 0.5, roofTop + 0.06, 0.8, 0.31), "primary-"));
    if (rng.chance(0.6)) parts.push(detail(circle(0.5, 0.27, 0.035), "accent"));
    return parts;
  },
};

export const pillar: IconShape = {
  primary: "beige",
  secondary: "grey",
  accent: "green",
  build(rng) {
    const w = rng.range(0.13, 0.16);
    const broken = rng.chance(0.4);
    const top = broken ? 0.2 : 0.14;
    const shaft = broken ? poly(0.5 - w, 0.84, 0.5 - w, 0.26, 0.46, 0.2, 0.52, 0.28, 0.58, 0.18, 0.5 + w, 0.24, 0.5 + w, 0.84) : rect(0.5 - w, top, w * 2, 0.7);
    const parts: Part[] = [
      solid(rect(0.5 - w - 0.1, 0.84, (w + 0.1) * 2, 0.1), "primary-"),
      solid(rect(0.5 - w - 0.06, 0.8, (w + 0.06) * 2, 0.05), "primary"),
      solid(shaft, "primary"),
    ];
    for (const x of steps(0.5 - w * 0.6, 0.5 + w * 0.6, 4)) parts.push(line(poly(x, top + 0.06, x, 0.8), "primary-", 0.014, { clips: [[shaft]] }));
    parts.push(shadeRight(shaft, "primary-", 0.5 + w * 0.4));
    if (!broken)
      parts.push(
        solid(rect(0.5 - w - 0.06, 0.08, (w + 0.06) * 2, 0.07), "primary"),
        solid(roundRect(0.5 - w - 0.1, 0.06, (w + 0.1) * 2, 0.04, 0.02), "primary+"),
      );
    if (rng.chance(0.5)) parts.push(detail(ellipse(0.5 - w * 0.5, 0.7, 0.06, 0.1), "accent", { clips: [[shaft]], opacity: 0.8 }));
    return parts;
  },
};

export const windmill: IconShape = {
  primary: "beige",
  secondary: "brown",
  accent: "red",
  build(rng) {
    const body = poly(0.36, 0.94, 0.42, 0.44, 0.58, 0.44, 0.64, 0.94);
    const parts: Part[] = [solid(body, "primary"), shadeRight(body, "primary-", 0.54), solid(poly(0.38, 0.46, 0.5, 0.3, 0.62, 0.46), "accent")];
    parts.push(solid(new PathBuilder(0.46, 0.94).lineTo(0.46, 0.84).quadTo(0.5, 0.78, 0.54, 0.84).lineTo(0.54, 0.94).build(), "secondary"));
    const turn = rng.range(0, Math.PI / 2);
    for (let i = 0; i < 4; i++) {
      const a = turn + (i * Math.PI) / 2;
      const [c, s] = [Math.cos(a), Math.sin(a)];
      const sail = poly(
        0.5 + c * 0.06,
        0.42 + s * 0.06,
        0.5 + c * 0.42,
        0.42 + s * 0.42,
        0.5 + c * 0.42 - s * 0.1,
        0.42 + s * 0.42 + c * 0.1,
        0.5 + c * 0.08 - s * 0.1,
        0.42 + s * 0.08 + c * 0.1,
      );
      parts.push(
        bar(poly(0.5, 0.42, 0.5 + c * 0.44, 0.42 + s * 0.44), "secondary", 0.025),
        solid(sail, "light-"),
        line(poly(0.5 + c * 0.2 - s * 0.1, 0.42 + s * 0.2 + c * 0.1, 0.5 + c * 0.2, 0.42 + s * 0.2), "secondary", 0.01),
      );
    }
    parts.push(solid(circle(0.5, 0.42, 0.04), "secondary"));
    return parts;
  },
};

export const fountain: IconShape = {
  primary: "grey",
  secondary: "sky",
  accent: "white",
  build(rng) {
    const parts: Part[] = [
      solid(poly(0.08, 0.7, 0.92, 0.7, 0.86, 0.9, 0.14, 0.9), "primary"),
      shadeRight(poly(0.08, 0.7, 0.92, 0.7, 0.86, 0.9, 0.14, 0.9), "primary-", 0.7),
    ];
    parts.push(solid(ellipse(0.5, 0.7, 0.42, 0.07), "primary+"), detail(ellipse(0.5, 0.7, 0.36, 0.045), "secondary"));
    const bowlY = rng.range(0.36, 0.42);
    const bowlW = rng.range(0.2, 0.24);
    parts.push(solid(poly(0.44, 0.7, 0.46, bowlY, 0.54, bowlY, 0.56, 0.7), "primary"), detail(rect(0.5, bowlY, 0.06, 0.3), "primary-"));
    // water: curtains falling from the top bowl's rim into the basin, a jet above it
    for (const d of [-1, 1]) {
      const fall = new PathBuilder(0.5 + d * bowlW, bowlY)
        .quadTo(0.5 + d * (bowlW + 0.08), bowlY + 0.04, 0.5 + d * (bowlW + 0.1), 0.68)
        .lineTo(0.5 + d * (bowlW + 0.04), 0.68)
        .quadTo(0.5 + d * (bowlW + 0.03), bowlY + 0.1, 0.5 + d * (bowlW - 0.04), bowlY + 0.05)
        .build();
      parts.push(
        solid(fall, "secondary"),
        line(poly(0.5 + d * (bowlW + 0.04), bowlY + 0.08, 0.5 + d * (bowlW + 0.07), 0.64), "accent", 0.012, { opacity: 0.7 }),
      );
    }
    const bowl = new PathBuilder(0.5 - bowlW - 0.02, bowlY)
      .lineTo(0.5 + bowlW + 0.02, bowlY)
      .quadTo(0.5 + bowlW, bowlY + 0.12, 0.5, bowlY + 0.12)
      .quadTo(0.5 - bowlW, bowlY + 0.12, 0.5 - bowlW - 0.02, bowlY)
      .build();
    parts.push(
      solid(bowl, "primary"),
      shadeRight(bowl, "primary-", 0.56),
      solid(ellipse(0.5, bowlY, bowlW + 0.02, 0.04), "primary+"),
      detail(ellipse(0.5, bowlY, bowlW - 0.02, 0.025), "secondary"),
    );
    const h = rng.range(0.14, 0.22);
    const jet = new PathBuilder(0.5, bowlY - h)
      .cubicTo(0.57, bowlY - h * 0.6, 0.55, bowlY - 0.02, 0.55, bowlY)
      .lineTo(0.45, bowlY)
      .cubicTo(0.45, bowlY - 0.02, 0.43, bowlY - h * 0.6, 0.5, bowlY - h)
      .build();
    parts.push(solid(jet, "secondary"), detail(jet, "accent", { clips: [[rect(0, 0, 0.49, 1)]], opacity: 0.6 }));
    for (let i = 0; i < 3; i++) parts.push(detail(circle(rng.range(0.3, 0.7), rng.range(0.12, 0.3), 0.015), "secondary+"));
    return parts;
  },
};

export const pyramid: IconShape = {
  primary: "tan",
  secondary: "gold",
  accent: "orange",
  build(rng) {
    const apex = rng.range(0.42, 0.58);
    const front = poly(0.06, 0.88, apex, 0.1, 0.66, 0.88);
    const side = poly(apex, 0.1, 0.94, 0.8, 0.66, 0.88);
    const parts: Part[] = [solid(side, "primary-"), solid(front, "primary")];
    for (const t of steps(0.2, 0.85, 6))
      parts.push(
        line(poly(apex + (0.06 - apex) * t, 0.1 + 0.78 * t, apex + (0.66 - apex) * t, 0.1 + 0.78 * t), "primary-", 0.012),
        line(poly(apex + (0.66 - apex) * t, 0.1 + 0.78 * t, apex + (0.94 - apex) * t, 0.1 + 0.7 * t), "primary--", 0.012),
      );
    if (rng.chance(0.5)) parts.push(solid(poly(apex, 0.1, apex - 0.06, 0.2, apex + 0.04, 0.2), "secondary"));
    parts.push(solid(ellipse(0.5, 0.9, 0.46, 0.05), "accent", { opacity: 0.7 }));
    return parts;
  },
};

export const portal: IconShape = {
  primary: "violet",
  secondary: "grey",
  accent: "cyan",
  build(rng) {
    const arch = (inset: number) =>
      new PathBuilder(0.18 + inset, 0.92)
        .lineTo(0.18 + inset, 0.42)
        .cubicTo(0.18 + inset, 0.06 + inset, 0.82 - inset, 0.06 + inset, 0.82 - inset, 0.42)
        .lineTo(0.82 - inset, 0.92)
        .build();
    const parts: Part[] = [solid(arch(0), "secondary"), detail(arch(0), "secondary-", { clips: [[rect(0.7, 0, 1, 1)]] }), solid(arch(0.08), "primary")];
    const pts: number[] = [];
    const turns = rng.range(2.2, 3);
    for (let i = 0; i < 60; i++) {
      const t = i / 60;
      const a = t * Math.PI * 2 * turns;
      pts.push(0.5 + Math.cos(a) * t * 0.24, 0.56 + Math.sin(a) * t * 0.3);
    }
    parts.push(line(poly(...pts), "accent", 0.03, { clips: [[arch(0.08)]] }), detail(circle(0.5, 0.56, 0.05), "light", { opacity: 0.8 }));
    for (const [i, y] of steps(0.3, 0.86, 5).entries())
      for (const x of [0.22, 0.78]) parts.push(line(poly(x - 0.04, y + (i % 2) * 0.02, x + 0.04, y + (i % 2) * 0.02), "secondary-", 0.012));
    parts.push(detail(star(0.5, 0.14, 0.04, 0.015, 4), "accent"));
    return parts;
  },
};

export const palm: IconShape = {
  primary: "green",
  secondary: "tan",
  accent: "brown",
  build(rng) {
    const lean = rng.range(-0.14, 0.14);
    const [tx, ty] = [0.5 + lean, 0.3];
    const trunk = new PathBuilder(0.46, 0.94)
      .quadTo(0.5 - lean, 0.6, tx - 0.03, ty)
      .lineTo(tx + 0.03, ty)
      .quadTo(0.56 - lean, 0.6, 0.56, 0.94)
      .build();
    const parts: Part[] = [solid(trunk, "secondary")];
    for (const y of steps(0.4, 0.88, 6)) parts.push(line(poly(0.4, y, 0.62, y - 0.03), "secondary-", 0.014, { clips: [[trunk]] }));
    const fronds = rng.int(5, 7);
    for (let i = 0; i < fronds; i++) {
      const a = Math.PI + (i / (fronds - 1)) * Math.PI + rng.range(-0.1, 0.1);
      const [ex, ey] = [tx + Math.cos(a) * 0.4, ty + Math.sin(a) * 0.24 + 0.12];
      parts.push(
        solid(
          new PathBuilder(tx, ty)
            .quadTo((tx + ex) / 2 + Math.sin(a) * 0.06, (ty + ey) / 2 - 0.12, ex, ey)
            .quadTo((tx + ex) / 2, (ty + ey) / 2 - 0.02, tx, ty)
            .build(),
          i % 2 ? "primary" : "primary+",
        ),
      );
    }
    if (rng.chance(0.6)) for (const dx of [-0.04, 0.03]) parts.push(solid(circle(tx + dx, ty + 0.05, 0.04), "accent"));
    return parts;
  },
};

export const nest: IconShape = {
  primary: "brown",
  secondary: "beige",
  accent: "sky",
  build(rng) {
    const eggs = rng.int(1, 3);
    const parts: Part[] = [];
    for (const [i, x] of steps(0.5 - (eggs - 1) * 0.12, 0.5 + (eggs - 1) * 0.12, eggs).entries()) {
      const e = ellipse(x, 0.46 + (i % 2) * 0.03, 0.1, 0.14);
      parts.push(solid(e, i % 2 ? "accent" : "secondary"), shine(x - 0.03, 0.4, 0.02, 0.04, 10, 0.7));
    }
    const bowl = new PathBuilder(0.1, 0.54).quadTo(0.5, 0.64, 0.9, 0.54).quadTo(0.86, 0.9, 0.5, 0.9).quadTo(0.14, 0.9, 0.1, 0.54).build();
    parts.push(solid(bowl, "primary"));
    for (let i = 0; i < 10; i++) {
      const y = rng.range(0.6, 0.84);
      parts.push(
        line(
          new PathBuilder(rng.range(0.12, 0.4), y).quadTo(0.5, y + rng.range(-0.06, 0.06), rng.range(0.6, 0.9), y + rng.range(-0.05, 0.05)).build(),
          i % 2 ? "primary-" : "primary+",
          0.014,
          { clips: [[bowl]] },
        ),
      );
    }
    return parts;
  },
};

export const web: IconShape = {
  primary: "white",
  secondary: "black",
  accent: "red",
  build(rng) {
    const spokes = rng.int(7, 9);
    const rings = rng.int(3, 5);
    const parts: Part[] = [];
    const ends: [number, number][] = [];
    for (let i = 0; i < spokes; i++) {
      const a = (i / spokes) * Math.PI * 2 + rng.range(-0.1, 0.1);
      ends.push([Math.cos(a), Math.sin(a)]);
      parts.push(bar(poly(0.5, 0.5, 0.5 + Math.cos(a) * 0.46, 0.5 + Math.sin(a) * 0.46), "primary", 0.016));
    }
    for (let r = 1; r <= rings; r++) {
      const d = (r / rings) * 0.42;
      const pts: number[] = [];
      for (const [c, s] of [...ends, ends[0] ?? [1, 0]]) pts.push(0.5 + c * d, 0.5 + s * d);
      parts.push(bar(poly(...pts), "primary", 0.012));
    }
    if (rng.chance(0.6))
      parts.push(bar(poly(0.66, 0.1, 0.66, 0.3), "secondary", 0.01), solid(circle(0.66, 0.34, 0.05), "secondary"), detail(circle(0.66, 0.35, 0.018), "accent"));
    return parts;
  },
};

export const wheel: IconShape = {
  primary: "brown",
  secondary: "metal",
  accent: "tan",
  build(rng) {
    const spokes = rng.int(6, 10);
    const parts: Part[] = [
      solid([circle(0.5, 0.5, 0.44), circle(0.5, 0.5, 0.34)], "primary", { rule: "evenodd" }),
      detail(circle(0.5, 0.5, 0.44), "secondary", { stroke: 0.03 }),
    ];
    for (let i = 0; i < spokes; i++) {
      const a = (i / spokes) * Math.PI * 2;
      parts.push(bar(poly(0.5, 0.5, 0.5 + Math.cos(a) * 0.36, 0.5 + Math.sin(a) * 0.36), "primary", 0.04));
    }
    parts.push(solid(circle(0.5, 0.5, 0.1), "primary-"), detail(circle(0.5, 0.5, 0.05), "secondary"));
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2 + 0.2;
      parts.push(detail(circle(0.5 + Math.cos(a) * 0.39, 0.5 + Math.sin(a) * 0.39, 0.014), "secondary+"));
    }
    return rotateParts(parts, rng.range(0, 30));
  },
};

export const planet: IconShape = {
  primary: "orange",
  secondary: "tan",
  accent: "white",
  build(rng) {
    const tilt = rng.range(-0.5, -0.2);
    const ring = ellipse(0.5, 0.5, 0.46, 0.12, tilt);
    const inner = ellipse(0.5, 0.5, 0.36, 0.07, tilt);
    const ball = circle(0.5, 0.5, 0.28);
    const parts: Part[] = [solid([ring, inner], "secondary", { rule: "evenodd" }), solid(ball, "primary")];
    for (const dy of [-0.1, 0.02, 0.12]) parts.push(detail(ellipse(0.5, 0.5 + dy, 0.3, 0.03, tilt * 0.3), "primary-", { clips: [[ball]] }));
    parts.push(rimShade(ball, "primary--", -0.05, -0.05));
    parts.push(detail([ring, inner], "secondary", { rule: "evenodd", clips: [[rect(0, 0.5, 1, 1)]] }));
    for (let i = 0; i < 3; i++) parts.push(detail(star(rng.range(0.08, 0.92), rng.range(0.06, 0.2), 0.03, 0.01, 4), "accent"));
    return parts;
  },
};

export const hoard: IconShape = {
  primary: "gold",
  secondary: "red",
  accent: "cyan",
  build(rng) {
    const heap = new PathBuilder(0.06, 0.88).cubicTo(0.14, 0.5, 0.34, 0.3, 0.5, 0.3).cubicTo(0.66, 0.3, 0.86, 0.5, 0.94, 0.88).build();
    const parts: Part[] = [solid(heap, "primary-")];
    for (let i = 0; i < 16; i++) {
      const y = rng.range(0.38, 0.86);
      const half = 0.1 + (y - 0.3) * 0.7;
      const [x, r] = [0.5 + rng.range(-half, half), rng.range(0.05, 0.07)];
      parts.push(
        detail(ellipse(x, y, r, r * 0.6), "primary", { clips: [[heap]] }),
        detail(ellipse(x, y - 0.005, r * 0.6, r * 0.3), "primary+", { clips: [[heap]] }),
      );
    }
    if (rng.chance(0.7)) parts.push(solid(regularPolygon(0.36, 0.5, 0.07, 4), "secondary"), solid(regularPolygon(0.66, 0.6, 0.06, 6), "accent"));
    for (const [x, y] of [
      [0.3, 0.28],
      [0.72, 0.34],
    ] as const)
      parts.push(detail(star(x, y, 0.05, 0.012, 4), "light"));
    parts.push(shine(0.4, 0.4, 0.05, 0.02, -20, 0.6));
    return parts;
  },
};
