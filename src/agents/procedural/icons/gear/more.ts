/** Farm tools (watering can, pitchfork) and two more UI symbols (pencil for edit, microphone for voice). */
import { arcBand, circle, ellipse, PathBuilder, rect, roundRect } from "../../kit/geometry.js";
import { curve, deg, detail, fill, haft, lit, pts, ribbon } from "./kit.js";
import { glyph } from "./ui.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";

export const wateringcan: IconShape = {
  primary: "green",
  secondary: "silver",
  accent: "sky",
  build(rng) {
    const w = rng.range(0.26, 0.32);
    const body = roundRect(0.5 - w - 0.06, 0.4, w * 2, 0.5, rng.range(0.04, 0.12));
    const spout = ribbon(curve(0.5 + w - 0.1, 0.78, 0.82, 0.66, 0.9, 0.34), 0.07);
    const parts: Part[] = [fill(spout, "primary-"), fill(ellipse(0.9, 0.33, 0.07, 0.04, deg(-30)), "secondary")];
    parts.push(fill(arcBand(0.44 - 0.06, 0.42, 0.16, 0.22, deg(180), deg(360)), "primary-"));
    parts.push(fill(body, "primary"), lit(body, "primary+", 0.3), detail(rect(0.5 - w - 0.06, 0.52, w * 2, 0.06), "primary-", { clips: [[body]] }));
    if (rng.chance(0.6)) {
      for (let i = 0; i < 3; i++) parts.push(fill(circle(0.94 + i * 0.0, 0.44 + i * 0.09, 0.025), "accent", { outline: false }));
    }
    return rotateParts(parts, rng.range(-10, 6));
  },
};

export const pitchfork: IconShape = {
  primary: "silver",
  secondary: "brown",
  accent: "silver",
  build(rng) {
    const tines = rng.int(2, 4);
    const spread = rng.range(0.15, 0.2);
    const top = rng.range(-0.16, -0.1);
    const parts: Part[] = [...haft(0.5, 0.22, 0.5, 1.1, 0.045)];
    const bridge = new PathBuilder(0.5 - spread - 0.02, 0.16)
      .quadTo(0.5, 0.34, 0.5 + spread + 0.02, 0.16)
      .lineTo(0.5 + spread - 0.02, 0.16)
      .quadTo(0.5, 0.26, 0.5 - spread + 0.02, 0.16)
      .build();
    parts.push(fill(bridge, "metal"));
    for (let i = 0; i < tines; i++) {
      const x = 0.5 - spread + (2 * spread * i) / (tines - 1);
      const lean = (x - 0.5) * 0.25;
      parts.push(
        fill(ribbon(curve(x, 0.2, x + lean, 0.05, x + lean * 0.6, top), 0.035), "metal"),
        fill(pts(x + lean * 0.6 - 0.018, top + 0.01, x + lean * 0.6, top - 0.04, x + lean * 0.6 + 0.018, top + 0.01), "metal"),
      );
    }
    parts.push(fill(roundRect(0.45, 0.22, 0.1, 0.06, 0.02), "metal-"), fill(roundRect(0.445, 0.88, 0.11, 0.18, 0.03), "secondary"));
    return rotateParts(parts, rng.pick([40, 45, -40]));
  },
};

export const pencil: IconShape = {
  primary: "amber",
  secondary: "pink",
  accent: "dark",
  build(rng) {
    const w = rng.range(0.09, 0.12);
    const parts: Part[] = [
      fill(roundRect(0.5 - w, 0.72, w * 2, 0.2, 0.06), "secondary"),
      fill(rect(0.5 - w, 0.68, w * 2, 0.08), "secondary-"),
      ...glyph([rect(0.5 - w, 0.22, w * 2, 0.48)]),
      detail(rect(0.5 - w * 0.3, 0.22, w * 0.6, 0.48), "primary+"),
      fill(pts(0.5 - w, 0.22, 0.5 + w, 0.22, 0.5, -0.04), "light-"),
      fill(pts(0.5 - w * 0.35, 0.06, 0.5 + w * 0.35, 0.06, 0.5, -0.04), "accent"),
    ];
    return rotateParts(parts, rng.pick([40, 45, 35]));
  },
};

export const microphone: IconShape = {
  primary: "white",
  secondary: "dark",
  accent: "white",
  build(rng) {
    const w = rng.range(0.14, 0.17);
    const head = roundRect(0.5 - w, 0.08, w * 2, 0.48, w);
    const parts: Part[] = [...glyph([head])];
    if (rng.chance(0.5))
      for (let i = 0; i < 3; i++) parts.push(detail(rect(0.5 - w + 0.04, 0.22 + i * 0.08, w * 2 - 0.08, 0.03), "secondary", { opacity: 0.5 }));
    parts.push(...glyph([arcBand(0.5, 0.4, 0.22, 0.28, deg(0), deg(180)), rect(0.47, 0.66, 0.06, 0.16), roundRect(0.32, 0.82, 0.36, 0.07, 0.03)]));
    return parts;
  },
};
