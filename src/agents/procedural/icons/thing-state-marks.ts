/**
 * The marks each state of a thing draws (thing-states.ts says which apply): char spots, mottling,
 * grill lines, marbling, a bite notch, a halo, a flame, smoke, drips, water drops, a brim of
 * bubbles, a dark opening with its door or lid, a strap and lock. Marks on the thing are clipped to
 * its largest parts; marks around it (halo, smoke, drips) are placed by its bounding box.
 */
import { rgb, type Rgb } from "../kit/color.js";
import { circle, ellipse, PathBuilder, rect, roundRect, star, type Contour, type Path } from "../kit/geometry.js";
import type { Random } from "../kit/random.js";
import type { Fill, Part } from "./parts.js";
import { poly } from "./things/kit.js";

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A mark: a part in the thing's own colour roles, or in a colour of its own. */
export type Mark = Part & { color?: Rgb };

export interface StateMarks {
  /** Drawn before the thing (a halo). */
  behind: Mark[];
  /** Drawn over the thing. */
  front: Mark[];
  /** Circles bitten out of the thing (unit coordinates), erased after it is drawn. */
  notches: Contour[];
}

const CHAR = rgb(0x1c1410);
const SMOKE = rgb(0x9a9aa4);
const SMOKE_DARK = rgb(0x6e6e78);
const WATER = rgb(0x6cbcf0);
const WHITE = rgb(0xfffffa);
const DARK = rgb(0x1a1420);

const on = (body: readonly Path[], mark: Mark): Mark[] => body.map((path) => ({ ...mark, outline: false, clips: [...(mark.clips ?? []), path] }));

function smokePuffs(box: Box, rng: Random, dark: boolean): Mark[] {
  const cx = (box.x0 + box.x1) / 2 + rng.range(-0.05, 0.05);
  const marks: Mark[] = [];
  let [x, y, r] = [cx, Math.max(0.14, box.y0 - 0.02), 0.05];
  for (let i = 0; i < 4; i++) {
    marks.push({ path: [circle(x, y, r)], fill: "primary", color: i % 2 && dark ? SMOKE_DARK : SMOKE, opacity: 0.85 - i * 0.12, outline: false });
    x += rng.range(0.03, 0.07) * (i % 2 ? -1 : 1);
    y -= r * 1.3;
    r *= 1.2;
  }
  return marks;
}

function wisp(x: number, y: number, rng: Random, color: Rgb): Mark {
  const path = new PathBuilder(x, y)
    .cubicTo(x + rng.range(0.06, 0.1), y - 0.08, x - rng.range(0.06, 0.1), y - 0.14, x + rng.range(-0.02, 0.04), y - 0.24)
    .build();
  return { path: [path], fill: "primary", color, stroke: 0.03, opacity: 0.8, outline: false };
}

function blotches(box: Box, rng: Random, count: number, colors: readonly Rgb[], size: number): Mark[] {
  const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
  const marks: Mark[] = [];
  for (let i = 0; i < count; i++) {
    const [x, y] = [box.x0 + w * rng.range(0.1, 0.9), box.y0 + h * rng.range(0.1, 0.9)];
    const r = Math.max(w, h) * size * rng.range(0.7, 1.3);
    marks.push({
      path: [ellipse(x, y, r, r * rng.range(0.6, 1), rng.range(0, Math.PI))],
      fill: "primary",
      color: colors[i % colors.length] ?? CHAR,
      opacity: 0.85,
    });
  }
  return marks;
}

function drop(x: number, y: number, r: number): Mark[] {
  return [
    { path: [poly(x - r * 0.85, y - r * 0.4, x, y - r * 2.4, x + r * 0.85, y - r * 0.4), circle(x, y, r)], fill: "primary", color: WATER },
    { path: [circle(x - r * 0.35, y - r * 0.3, r * 0.32)], fill: "primary", color: WHITE, outline: false },
  ];
}

/**
 * The marks of one state (a mark name of thing-states.ts: "burnt", "open-door"...) on a thing whose
 * largest parts are `bodies` (paths and boxes) and whose whole is `box`; `contents` is a vessel's
 * contents role ("full").
 */
export function marksOf(mark: string, bodies: readonly { path: Path; b: Box }[], box: Box, rng: Random, contents: Fill = "primary"): StateMarks {
  const out: StateMarks = { behind: [], front: [], notches: [] };
  const [w, h] = [box.x1 - box.x0, box.y1 - box.y0];
  const paths = bodies.map((body) => body.path);
  const main = bodies[0]?.b ?? box;
  const [cx, top] = [(box.x0 + box.x1) / 2, box.y0];
  if (mark === "burnt") {
    for (const m of blotches(main, rng, rng.int(6, 9), [CHAR, rgb(0x2e1c12)], 0.12)) out.front.push(...on(paths, m));
    for (const m of blotches(main, rng, 3, [rgb(0x8a8680)], 0.05)) out.front.push(...on(paths, m));
    out.front.push(wisp(cx, top + 0.02, rng, SMOKE_DARK));
  } else if (mark === "rotten") {
    for (const m of blotches(main, rng, rng.int(6, 9), [rgb(0x55702a), rgb(0x5a3e1c), rgb(0x8a9a3a)], 0.11)) out.front.push(...on(paths, m));
    for (let i = 0; i < 2; i++) {
      const [fx, fy] = [cx + rng.range(-0.25, 0.25), Math.max(0.06, top - rng.range(0.02, 0.1))];
      out.front.push(
        {
          path: [ellipse(fx - 0.025, fy - 0.02, 0.025, 0.015, -0.5), ellipse(fx + 0.025, fy - 0.02, 0.025, 0.015, 0.5)],
          fill: "primary",
          color: rgb(0xd8e8f0),
          outline: false,
        },
        { path: [circle(fx, fy, 0.022)], fill: "primary", color: rgb(0x202028) },
      );
    }
  } else if (mark === "cooked") {
    const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
    for (let i = 1; i <= 3; i++) {
      const x = main.x0 + (mw * i) / 4;
      out.front.push(
        ...on(paths, { path: [poly(x - mh * 0.3, main.y1, x + mh * 0.3, main.y0)], fill: "primary", color: rgb(0x3a2012), stroke: 0.035, opacity: 0.85 }),
      );
    }
    for (const dx of [-0.1, 0.08]) out.front.push(wisp(cx + dx, top - 0.01, rng, rgb(0xe6e6ea)));
  } else if (mark === "raw") {
    const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
    for (let i = 1; i <= 3; i++) {
      const y = main.y0 + (mh * i) / 4 + rng.range(-0.03, 0.03);
      const path = new PathBuilder(main.x0, y).cubicTo(main.x0 + mw * 0.3, y - 0.05, main.x0 + mw * 0.6, y + 0.05, main.x1, y).build();
      out.front.push(...on(paths, { path: [path], fill: "primary", color: rgb(0xfbd6d6), stroke: 0.022, opacity: 0.9 }));
    }
    out.front.push(
      ...on(paths, { path: [ellipse(main.x0 + mw * 0.32, main.y0 + mh * 0.3, mw * 0.14, mh * 0.07, -0.6)], fill: "primary", color: WHITE, opacity: 0.7 }),
    );
  } else if (mark === "bitten" || mark === "half-bitten") {
    // bites out of the right edge of the thing's largest part, the flesh showing round them ("half eaten": half of it)
    const r = Math.max(main.x1 - main.x0, main.y1 - main.y0) * (mark === "half-bitten" ? 0.3 : 0.16);
    const [bx, by] = [main.x1 - r * 0.3, main.y0 + (main.y1 - main.y0) * 0.4];
    const centres: [number, number][] = [
      [bx, by - r * 1.1],
      [bx - r * 0.25, by],
      [bx, by + r * 1.1],
    ];
    for (const [x, y] of centres) out.front.push(...on(paths, { path: [circle(x, y, r + 0.04)], fill: "primary", color: rgb(0xf4ead2) }));
    out.notches.push(...centres.map(([x, y]) => circle(x, y, r)));
  } else if (mark === "broken") {
    // snapped in two: a jagged gap across the thing's long axis, a splinter or two beside it
    const across = h >= w;
    const points: [number, number][] = [];
    const steps = 7;
    for (let i = 0; i <= steps; i++) {
      const t = -0.1 + (i / steps) * 1.2;
      const jag = (i % 2 ? 1 : -1) * 0.03 + rng.range(-0.01, 0.01);
      points.push(across ? [box.x0 + w * t, box.y0 + h * 0.48 + jag + (t - 0.5) * h * 0.2] : [box.x0 + w * 0.5 + jag + (t - 0.5) * w * 0.2, box.y0 + h * t]);
    }
    const gap = 0.028;
    const side =
      (d: number) =>
      ([x, y]: [number, number]): [number, number] =>
        across ? [x, y + d] : [x + d, y];
    const band: Contour = [...points.map(side(-gap)), ...points.reverse().map(side(gap))];
    out.notches.push(band);
  } else if (mark === "lit") {
    const fy = top + h * 0.18;
    for (const [i, r] of [0.16, 0.24, 0.32, 0.4].entries())
      out.behind.push({ path: [circle(cx, fy, r)], fill: "primary", color: i < 2 ? rgb(0xffe680) : rgb(0xffc040), opacity: 0.22, outline: false });
    for (let i = 0; i < 3; i++) {
      const a = rng.range(0, Math.PI * 2);
      out.front.push({ path: [star(cx + Math.cos(a) * 0.3, fy + Math.sin(a) * 0.3, 0.045, 0.012, 4)], fill: "primary", color: rgb(0xfff2a0), outline: false });
    }
  } else if (mark === "lit-fuse") {
    const [fx, fy] = [box.x1 - w * 0.15, Math.max(0.12, top)];
    out.behind.push({ path: [circle(fx, fy, 0.14)], fill: "primary", color: rgb(0xffd060), opacity: 0.35, outline: false });
    out.front.push(
      {
        path: [
          new PathBuilder(fx, fy + 0.08)
            .quadTo(fx - 0.08, fy, fx, fy - 0.12)
            .quadTo(fx + 0.08, fy, fx, fy + 0.08)
            .build(),
        ],
        fill: "primary",
        color: rgb(0xf08a24),
      },
      { path: [star(fx, fy + 0.01, 0.06, 0.015, 6)], fill: "primary", color: rgb(0xfff2a0), outline: false },
    );
  } else if (mark === "unlit") {
    out.front.push(wisp(cx, top + h * 0.12, rng, SMOKE), wisp(cx + 0.03, top + h * 0.05, rng, SMOKE_DARK));
  } else if (mark === "smoking") {
    out.front.push(...smokePuffs(box, rng, true));
  } else if (mark === "melting") {
    const drips = rng.int(3, 4);
    for (let i = 0; i < drips; i++) {
      const x = main.x0 + ((main.x1 - main.x0) * (i + 0.5 + rng.range(-0.2, 0.2))) / drips;
      const len = rng.range(0.06, 0.14);
      out.front.push({
        path: [roundRect(x - 0.022, main.y1 - 0.06, 0.044, len + 0.06, 0.02), circle(x, main.y1 + len, 0.034)],
        fill: "primary",
        outline: false,
      });
    }
    out.front.push({ path: [ellipse(cx, Math.min(0.95, box.y1 + 0.03), w * 0.4, 0.035)], fill: "primary-", opacity: 0.9, outline: false });
  } else if (mark === "wet") {
    for (let i = 0; i < 3; i++)
      out.front.push(...drop(main.x0 + (main.x1 - main.x0) * rng.range(0.2, 0.8), main.y0 + (main.y1 - main.y0) * rng.range(0.25, 0.8), 0.03));
    for (const dx of [-0.12, 0.1]) out.front.push(...drop(cx + dx + rng.range(-0.04, 0.04), Math.min(0.94, box.y1 + rng.range(0.0, 0.04)), 0.026));
    out.front.push(...on(paths, { path: [poly(main.x0, main.y0 + 0.1, main.x1, main.y0 + 0.02)], fill: "primary", color: WHITE, stroke: 0.025, opacity: 0.5 }));
  } else if (mark === "empty") {
    // nothing in it: its inside shows, clean, catching the light
    const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
    out.front.push(
      ...on(paths, { path: [ellipse((main.x0 + main.x1) / 2, main.y0 + mh * 0.1, mw * 0.36, mh * 0.06)], fill: "primary", color: rgb(0x2a2a34), opacity: 0.6 }),
    );
    out.front.push(
      ...on(paths, {
        path: [poly(main.x0 + mw * 0.22, main.y0 + mh * 0.3, main.x0 + mw * 0.22, main.y1 - mh * 0.2)],
        fill: "primary",
        color: WHITE,
        stroke: 0.03,
        opacity: 0.7,
      }),
    );
  } else if (mark === "full") {
    const y = main.y0 + (main.y1 - main.y0) * 0.08;
    for (let x = main.x0 + 0.04; x < main.x1 - 0.02; x += 0.07) out.front.push({ path: [circle(x, y, 0.045)], fill: contents, outline: false });
    for (let i = 0; i < 3; i++)
      out.front.push({ path: [circle(cx + rng.range(-0.12, 0.12), y - 0.06 - i * 0.06, 0.02 + i * 0.006)], fill: contents, opacity: 0.85, outline: false });
  } else if (mark === "open-book") {
    // the pages spread open over the cover
    const [mx, mw, mh] = [(main.x0 + main.x1) / 2, main.x1 - main.x0, main.y1 - main.y0];
    const [y0, y1] = [main.y0 + mh * 0.12, main.y1 - mh * 0.12];
    for (const side of [-1, 1]) {
      const edge = mx + side * mw * 0.46;
      out.front.push({ path: [poly(mx, y0 + 0.04, edge, y0, edge, y1, mx, y1 + 0.04)], fill: "primary", color: rgb(0xf4efe0) });
      for (let i = 1; i <= 3; i++) {
        const y = y0 + ((y1 - y0) * i) / 4;
        out.front.push({
          path: [poly(mx + side * mw * 0.08, y + 0.02, mx + side * mw * 0.38, y)],
          fill: "primary",
          color: rgb(0x8a8070),
          stroke: 0.02,
          outline: false,
        });
      }
    }
    out.front.push({ path: [poly(mx, y0 + 0.04, mx, y1 + 0.04)], fill: "primary", color: rgb(0x8a8070), stroke: 0.02, outline: false });
  } else if (mark === "open-door" || mark === "open-box") {
    const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
    if (mark === "open-door") {
      out.front.push(...on(paths, { path: [rect(main.x0 + mw * 0.08, main.y0 + mh * 0.06, mw * 0.84, mh * 0.94)], fill: "primary", color: DARK }));
      out.front.push({
        path: [poly(main.x0, main.y0, main.x0 + mw * 0.3, main.y0 + mh * 0.08, main.x0 + mw * 0.3, main.y1 - mh * 0.04, main.x0, main.y1)],
        fill: "primary",
      });
    } else {
      out.front.push(...on(paths, { path: [ellipse((main.x0 + main.x1) / 2, main.y0 + mh * 0.08, mw * 0.42, mh * 0.1)], fill: "primary", color: DARK }));
      const lid = rect(main.x0 + mw * 0.45, main.y0 - mh * 0.28, mw * 0.6, mh * 0.12);
      out.front.push({ path: [lid.map(([x, y]) => [x, y + (x - main.x0) * 0.3] as const)], fill: "primary-" });
    }
  } else if (mark === "closed-door" || mark === "closed-box") {
    const [mw, mh] = [main.x1 - main.x0, main.y1 - main.y0];
    const [mx, my] = [(main.x0 + main.x1) / 2, (main.y0 + main.y1) / 2];
    if (mark === "closed-door") out.front.push(...on(paths, { path: [rect(main.x0, my - mh * 0.06, mw, mh * 0.12)], fill: "secondary-" }));
    else out.front.push(...on(paths, { path: [rect(mx - mw * 0.06, main.y0, mw * 0.12, mh)], fill: "secondary-" }));
    out.front.push(
      { path: [roundRect(mx - 0.06, my - 0.05, 0.12, 0.11, 0.02)], fill: "primary", color: rgb(0xf2b632) },
      { path: [circle(mx, my - 0.005, 0.018), rect(mx - 0.008, my, 0.016, 0.035)], fill: "primary", color: DARK, outline: false },
    );
  }
  return out;
}
