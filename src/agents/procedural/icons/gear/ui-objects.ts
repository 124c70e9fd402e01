/**
 * UI symbols of things: gear, home, speaker (and mute), music, lock (and unlock), trash, save,
 * bell, mail, chat, user, battery, wifi, eye, hand, pin. Bold and clean, `primary` bodies.
 */
import { arcBand, circle, ellipse, PathBuilder, rect, regularPolygon, roundRect, type Contour } from "../../kit/geometry.js";
import { deg, detail, fill, line, pts, ribbon, curve } from "./kit.js";
import { glyph, strokePath } from "./ui.js";
import { rotateParts, type IconShape, type Part } from "../parts.js";

export const gear: IconShape = {
  primary: "silver",
  secondary: "white",
  accent: "white",
  build(rng) {
    const teeth = rng.int(6, 10);
    const r = rng.range(0.3, 0.33);
    const tooth = rng.range(0.1, 0.14);
    const share = rng.range(0.4, 0.55);
    // one contour: the rim with its teeth (clean in line-art too)
    const rim: number[] = [];
    for (let i = 0; i < teeth; i++) {
      const a = (i / teeth) * Math.PI * 2;
      const half = (share * Math.PI) / teeth;
      for (const [da, rr] of [
        [-half * 1.25, r],
        [-half * 0.85, r + tooth],
        [half * 0.85, r + tooth],
        [half * 1.25, r],
      ] as const) {
        rim.push(0.5 + Math.cos(a + da) * rr, 0.5 + Math.sin(a + da) * rr);
      }
    }
    const hole = circle(0.5, 0.5, rng.range(0.1, 0.15));
    return [...glyph([pts(...rim), hole], "evenodd"), detail(arcBand(0.5, 0.5, r * 0.62, r * 0.8, deg(190), deg(260)), "primary+")];
  },
};

export const home: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "brown",
  build(rng) {
    const roofY = rng.range(0.08, 0.14);
    const eave = rng.range(0.44, 0.5);
    const parts: Part[] = [];
    if (rng.chance(0.5)) parts.push(fill(rect(0.66, roofY + 0.08, 0.1, 0.2), "secondary-"));
    const body = rect(0.2, eave - 0.04, 0.6, 0.9 - eave + 0.04);
    const door = roundRect(0.42, 0.62, 0.16, 0.28, rng.chance(0.5) ? 0.08 : 0.01);
    parts.push(...glyph([body, door], "evenodd"));
    parts.push(fill(pts(0.5, roofY, 0.94, eave + 0.02, 0.84, eave + 0.06, 0.5, roofY + 0.14, 0.16, eave + 0.06, 0.06, eave + 0.02), "secondary"));
    return parts;
  },
};

/** A speaker; with "mute" or "off" a cross instead of sound waves; "up" three waves, "down" one. */
export const speaker: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "white",
  reads: ["off", "up", "down"],
  build(rng, _hasEmblem, words) {
    const muted = (words?.has("mute") || words?.has("off")) ?? false;
    const parts = glyph([pts(0.1, 0.38, 0.26, 0.38, 0.5, 0.16, 0.5, 0.84, 0.26, 0.62, 0.1, 0.62)]);
    const w = rng.range(0.06, 0.09);
    if (muted)
      parts.push(
        ...glyph([...strokePath(pts(0.62, 0.36, 0.88, 0.64), w * 1.3, true), ...strokePath(pts(0.88, 0.36, 0.62, 0.64), w * 1.3, true)]).map((p) => ({
          ...p,
          fill: p.fill === "primary" ? ("secondary" as const) : ("secondary-" as const),
        })),
      );
    else {
      const waves = words?.has("up") ? 3 : words?.has("down") ? 1 : rng.int(1, 3);
      for (let i = 0; i < waves; i++) parts.push(...glyph([arcBand(0.5, 0.5, 0.14 + i * 0.14, 0.14 + i * 0.14 + w, deg(-50), deg(50))]));
    }
    return parts;
  },
};

export const music: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const pair = rng.chance(0.5);
    const stem = rng.range(0.06, 0.08);
    const head = (x: number, y: number): Contour => ellipse(x, y, 0.13, 0.095, deg(-25));
    if (pair) {
      return glyph([
        head(0.28, 0.76),
        head(0.7, 0.68),
        rect(0.39 - stem, 0.24, stem, 0.52),
        rect(0.81 - stem, 0.16, stem, 0.52),
        pts(0.39 - stem, 0.24, 0.81, 0.16, 0.81, 0.3, 0.39 - stem, 0.38),
      ]);
    }
    const flag = new PathBuilder(0.6, 0.12).quadTo(0.66, 0.3, 0.84, 0.36).quadTo(0.74, 0.44, 0.6, 0.3).build();
    return glyph([head(0.48, 0.74), rect(0.6 - stem, 0.12, stem, 0.62), flag]);
  },
};

/** A padlock; with "unlock" or "open" the shackle is raised and open. */
export const lock: IconShape = {
  primary: "gold",
  secondary: "silver",
  accent: "dark",
  reads: ["open", "opened"],
  build(rng, _hasEmblem, words) {
    const open = ["unlock", "open", "opened"].some((w) => words?.has(w));
    const w = rng.range(0.08, 0.11);
    const r = rng.range(0.17, 0.2);
    const lift = open ? 0.12 : 0;
    const cx = 0.5 + (open ? -r * 0 : 0);
    const shackle = arcBand(cx, 0.34 - lift, r - w / 2, r + w / 2, deg(180), deg(360));
    const legs: Contour[] = [rect(cx - r - w / 2, 0.34 - lift, w, 0.14 + lift * (open ? 0 : 1)), rect(cx + r - w / 2, 0.34 - lift, w, 0.14 + lift)];
    const parts: Part[] = [fill(shackle, "secondary"), fill(legs[1] as Contour, "secondary"), ...(open ? [] : [fill(legs[0] as Contour, "secondary")])];
    const body = roundRect(0.2, 0.44, 0.6, 0.46, rng.range(0.04, 0.1));
    const hole: Contour[] = [circle(0.5, 0.62, 0.06), pts(0.47, 0.64, 0.53, 0.64, 0.55, 0.78, 0.45, 0.78)];
    parts.push(...glyph([body]), ...hole.map((c) => fill(c, "accent")));
    return parts;
  },
};

export const trash: IconShape = {
  primary: "silver",
  secondary: "white",
  accent: "white",
  build(rng) {
    const taper = rng.range(0.03, 0.07);
    const body = pts(0.24, 0.3, 0.76, 0.3, 0.72 - taper, 0.9, 0.28 + taper, 0.9);
    const grooves: Contour[] = [0.38, 0.5, 0.62].map((x) => roundRect(x - 0.025, 0.4, 0.05, 0.4, 0.025));
    const parts = glyph([body, ...grooves], "evenodd");
    const lidTilt = rng.chance(0.3) ? -12 : 0;
    parts.push(...rotateParts(glyph([roundRect(0.16, 0.18, 0.68, 0.08, 0.03), roundRect(0.4, 0.1, 0.2, 0.1, 0.03)]), lidTilt));
    return parts;
  },
};

export const save: IconShape = {
  primary: "sky",
  secondary: "white",
  accent: "dark",
  build(rng) {
    const c = rng.range(0.1, 0.16);
    const body = pts(0.12, 0.12, 0.88 - c, 0.12, 0.88, 0.12 + c, 0.88, 0.88, 0.12, 0.88);
    const parts = glyph([body]);
    parts.push(fill(rect(0.3, 0.12, 0.36, 0.22), "secondary"), fill(rect(0.52, 0.15, 0.08, 0.16), "accent"));
    parts.push(fill(roundRect(0.24, 0.5, 0.52, 0.38, 0.03), "secondary"));
    for (let i = 0; i < rng.int(2, 3); i++) parts.push(line(0.3, 0.6 + i * 0.08, 0.7, 0.6 + i * 0.08, 0.02, "secondary--"));
    return parts;
  },
};

export const bell: IconShape = {
  primary: "gold",
  secondary: "red",
  accent: "white",
  build(rng) {
    const flare = rng.range(0.38, 0.44);
    const body = new PathBuilder(0.5 - flare, 0.76)
      .quadTo(0.28, 0.66, 0.28, 0.42)
      .quadTo(0.28, 0.16, 0.5, 0.16)
      .quadTo(0.72, 0.16, 0.72, 0.42)
      .quadTo(0.72, 0.66, 0.5 + flare, 0.76)
      .build();
    const parts: Part[] = [fill(circle(0.5, 0.82, 0.08), "primary-"), fill(circle(0.5, 0.13, 0.05), "primary"), ...glyph([body])];
    parts.push(detail(ribbon(curve(0.36, 0.5, 0.35, 0.3, 0.44, 0.24), 0.03), "light", { opacity: 0.7 }));
    if (rng.chance(0.5)) parts.push(fill(circle(0.76, 0.22, 0.1), "secondary"));
    return rotateParts(parts, rng.range(-15, 15));
  },
};

export const mail: IconShape = {
  primary: "white",
  secondary: "red",
  accent: "sky",
  build(rng) {
    const h = rng.range(0.5, 0.58);
    const y0 = 0.5 - h / 2;
    const parts = glyph([roundRect(0.1, y0, 0.8, h, rng.range(0.02, 0.06))]);
    parts.push(detail(ribbon(pts(0.12, y0 + 0.03, 0.5, y0 + h * 0.58, 0.88, y0 + 0.03), 0.035), "primary--"));
    parts.push(
      detail(ribbon(pts(0.12, y0 + h - 0.02, 0.4, y0 + h * 0.5), 0.025), "primary-"),
      detail(ribbon(pts(0.88, y0 + h - 0.02, 0.6, y0 + h * 0.5), 0.025), "primary-"),
    );
    if (rng.chance(0.5)) parts.push(fill(circle(0.5, y0 + h * 0.55, 0.07), "secondary"));
    return parts;
  },
};

export const chat: IconShape = {
  primary: "white",
  secondary: "dark",
  accent: "sky",
  build(rng) {
    const round = rng.chance(0.5);
    const bubble = round ? ellipse(0.5, 0.44, 0.4, 0.32) : roundRect(0.1, 0.14, 0.8, 0.58, 0.12);
    const tailX = rng.pick([0.28, 0.66]);
    const tail = pts(tailX - 0.06, 0.66, tailX + 0.08, 0.66, tailX - 0.1, 0.9);
    const parts = glyph([bubble, tail]);
    if (rng.chance(0.6)) for (const dx of [-0.16, 0, 0.16]) parts.push(fill(circle(0.5 + dx, 0.44, 0.05), "secondary"));
    else for (let i = 0; i < 2; i++) parts.push(line(0.28, 0.36 + i * 0.14, 0.72 - i * 0.12, 0.36 + i * 0.14, 0.05, "secondary"));
    return parts;
  },
};

export const user: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const head = rng.range(0.16, 0.19);
    const shoulders = new PathBuilder(0.14, 0.92).quadTo(0.14, 0.56, 0.5, 0.56).quadTo(0.86, 0.56, 0.86, 0.92).build();
    const ring = rng.chance(0.35);
    if (ring)
      return glyph(
        [circle(0.5, 0.5, 0.46, 72), circle(0.5, 0.38, head * 0.9), shoulders.map(([x, y]) => [0.5 + (x - 0.5) * 0.8, y * 0.92] as const)],
        "evenodd",
      );
    return glyph([circle(0.5, 0.3, head), shoulders]);
  },
};

/** A battery; "full", "low", "empty" set the charge and "charging" adds a bolt. */
export const battery: IconShape = {
  primary: "white",
  secondary: "lime",
  accent: "yellow",
  reads: ["full", "low", "empty", "charging", "charged"],
  build(rng, _hasEmblem, words) {
    const level = words?.has("full") || words?.has("charged") ? 4 : words?.has("low") ? 1 : words?.has("empty") ? 0 : rng.int(1, 4);
    const parts = glyph([roundRect(0.08, 0.28, 0.76, 0.44, 0.06), roundRect(0.14, 0.34, 0.64, 0.32, 0.03)], "evenodd");
    parts.push(fill(roundRect(0.84, 0.4, 0.08, 0.2, 0.02), "primary"));
    for (let i = 0; i < level; i++) parts.push(fill(roundRect(0.17 + i * 0.15, 0.37, 0.13, 0.26, 0.02), level === 1 ? "secondary" : "secondary"));
    if (words?.has("charging") || rng.chance(0.3))
      parts.push(fill(pts(0.5, 0.2, 0.36, 0.54, 0.48, 0.54, 0.44, 0.8, 0.62, 0.44, 0.5, 0.44, 0.56, 0.2), "accent"));
    return parts;
  },
};

export const wifi: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const w = rng.range(0.08, 0.1);
    const bars = rng.chance(0.3);
    if (bars) return glyph([0, 1, 2, 3].map((i) => roundRect(0.14 + i * 0.19, 0.74 - i * 0.16, 0.14, 0.14 + i * 0.16, 0.03)));
    const contours: Contour[] = [circle(0.5, 0.8, w * 0.9)];
    for (let i = 0; i < 3; i++) contours.push(arcBand(0.5, 0.8, 0.18 + i * 0.17, 0.18 + i * 0.17 + w, deg(225), deg(315)));
    return glyph(contours);
  },
};

/** An eye; "closed", "hidden", "off" strike it through (visibility off). */
export const eye: IconShape = {
  primary: "white",
  secondary: "sky",
  accent: "dark",
  reads: ["closed", "hidden", "hide", "off", "invisible"],
  build(rng, _hasEmblem, words) {
    const h = rng.range(0.26, 0.34);
    const almond = new PathBuilder(0.06, 0.5)
      .quadTo(0.5, 0.5 - h * 1.6, 0.94, 0.5)
      .quadTo(0.5, 0.5 + h * 1.6, 0.06, 0.5)
      .build();
    const parts = glyph([almond]);
    const iris = rng.range(0.15, 0.19);
    parts.push(fill(circle(0.5, 0.5, iris), "secondary"), fill(circle(0.5, 0.5, iris * 0.5), "accent"), detail(circle(0.45, 0.45, iris * 0.25), "light"));
    if (["closed", "hidden", "hide", "off", "invisible"].some((w) => words?.has(w))) parts.push(...glyph(strokePath(pts(0.16, 0.14, 0.84, 0.86), 0.09, true)));
    return parts;
  },
};

export const hand: IconShape = {
  primary: "white",
  secondary: "white",
  accent: "white",
  build(rng) {
    const finger = rng.range(0.36, 0.44);
    const palm = roundRect(0.3, 0.46, 0.48, 0.42, 0.12);
    const contours: Contour[] = [roundRect(0.3, 0.46 - finger, 0.13, finger + 0.1, 0.065), palm];
    for (let i = 0; i < 3; i++) contours.push(roundRect(0.43 + i * 0.115, 0.42, 0.11, 0.18, 0.055));
    contours.push(...rotateParts([fill(roundRect(0.16, 0.52, 0.2, 0.11, 0.055), "primary")], 35).map((p) => p.path[0] as Contour));
    const parts = glyph(contours);
    if (rng.chance(0.5))
      parts.push(
        fill(arcBand(0.36, 0.1, 0.1, 0.13, deg(200), deg(340)), "primary", { opacity: 0.8 }),
        fill(arcBand(0.36, 0.1, 0.17, 0.2, deg(200), deg(340)), "primary", { opacity: 0.6 }),
      );
    return rotateParts(parts, rng.range(-20, 10));
  },
};

export const pin: IconShape = {
  primary: "red",
  secondary: "white",
  accent: "white",
  build(rng) {
    const r = rng.range(0.26, 0.3);
    const drop = new PathBuilder(0.5, 0.94)
      .quadTo(0.5 - r * 0.4, 0.7, 0.5 - r, 0.38)
      .quadTo(0.5 - r, 0.06, 0.5, 0.06)
      .quadTo(0.5 + r, 0.06, 0.5 + r, 0.38)
      .quadTo(0.5 + r * 0.4, 0.7, 0.5, 0.94)
      .build();
    const hole = rng.chance(0.6) ? circle(0.5, 0.36, r * 0.4) : regularPolygon(0.5, 0.37, r * 0.45, 5);
    return glyph([drop, hole], "evenodd");
  },
};
