/**
 * The "icon" generator: flat game-UI icons. Subject nouns pick shapes (a second subject becomes an
 * emblem on the first, or a corner badge), colour words the palette, style words the badge
 * ("round"/"square"/"hex", "no badge"/"minimal"), line-art ("outline"), "no outline", "flat",
 * "glossy", "glowing", "retro" (pixelated) and the tone ("dark", "bright", "pastel", "muted").
 */
import { applyTone, shade, type Rgb } from "../kit/color.js";
import { compose, placeUnit, rotationAbout, type Affine } from "../kit/geometry.js";
import type { IconShape, Role } from "./parts.js";
import { decorateParts, modifyColors, planModifiers, renderAdornment, renderWear } from "./modifiers.js";
import { MaskPool, renderParts, type PartColors } from "./render.js";
import { fallbackShape } from "./shapes.js";
import { surfaceMaterialOf } from "./modifiers-looks.js";
import { arrangementOf, copiesOf, multiplied, quantityWords } from "./quantity.js";
import { iconPicks } from "./resolve.js";
import { eraseNotches, planStateMarks, renderMarks, stateRoles, stateWordsOf, thingStates } from "./thing-states.js";
import { pixelIcon, smallMargin } from "./small.js";
import { warpByStates } from "./thing-state-wear.js";
import { badgeColors, badgeContour, drawBadge } from "./badge.js";
import { ProgressReporter } from "../kit/progress.js";
import { hasStyle, isNegated, shapeKey, toneOf, type PromptSpec } from "../words/prompt.js";
import { hashString, mixSeeds, Random } from "../kit/random.js";
import { Canvas, downsample, scaleNearest } from "../kit/raster.js";
import type { GeneratedImage, Generator, GeneratorInput, GeneratorProgress, IconBadge } from "../kit/types.js";
import { COLOR_VALUES } from "../words/vocabulary.js";

const FIXED_ROLES: Readonly<Record<"metal" | "wood" | "dark" | "light" | "glass", Rgb>> = {
  metal: { r: 200, g: 208, b: 218 },
  wood: { r: 138, g: 90, b: 52 },
  dark: { r: 30, g: 26, b: 38 },
  light: { r: 255, g: 255, b: 250 },
  glass: { r: 214, g: 234, b: 244 },
};

interface IconPlan {
  main: IconShape;
  emblem: IconShape | undefined;
  badge: "square" | "round" | "hex" | undefined;
}

function colorValue(name: string): Rgb {
  return COLOR_VALUES[name] ?? FIXED_ROLES[name as keyof typeof FIXED_ROLES] ?? FIXED_ROLES.metal;
}

export interface IconShapes {
  /** The first subject with a shape draws the icon (the fallback shape when there is none). */
  main: IconShape;
  /** The first subject with another shape becomes an emblem on it (or a corner badge). */
  emblem: IconShape | undefined;
  /** The shapes' names (see ICON_SHAPES); mainName is undefined on fallback. */
  mainName: string | undefined;
  emblemName: string | undefined;
  /** The prompt's subjects the main shape and the emblem draw. */
  drawn: readonly string[];
  /** A surface subject drawn as the material of the others ("bamboo fishing rod", "straw hat"). */
  material: string | undefined;
}

/** Which shapes a prompt's subjects draw: read by the generator and by the driver's `interpret`. */
export function chooseIconShapes(spec: PromptSpec): IconShapes {
  const material = surfaceMaterialOf(spec);
  const [main, emblem] = iconPicks(material === undefined ? spec.subjects : spec.subjects.filter((s) => s !== material));
  return {
    material,
    main: main?.shape ?? fallbackShape,
    emblem: emblem?.shape,
    mainName: main?.name,
    emblemName: emblem?.name,
    drawn: [...(main?.words ?? []), ...(emblem?.words ?? [])],
  };
}

/**
 * The badge: the `badge` option when given ("none" for none); else none at 32 px and below, and above the
 * prompt's words ("no badge", "round", "hex", "square") or the seed's pick of square or round.
 */
function planIcon(spec: PromptSpec, rng: Random, asked: IconBadge | undefined, size: number): IconPlan {
  const { main, emblem } = chooseIconShapes(spec);
  if (asked !== undefined) return { main, emblem, badge: asked === "none" ? undefined : asked };
  if (size <= 32) return { main, emblem, badge: undefined };
  const noBadge = isNegated(spec, "badge");
  const styled = (["round", "hex", "square"] as const).find((shape) => hasStyle(spec, shape));
  const badge = noBadge ? undefined : (styled ?? (rng.chance(0.5) ? "square" : "round"));
  return { main, emblem, badge };
}

/** Resolves a shape's colour roles: prompt colours first, then the shape's defaults. */
function shapeColors(shape: IconShape, colors: readonly string[], spec: PromptSpec, outline: Rgb): PartColors {
  const tone = toneOf(spec);
  const asked = shape.primaryFor?.(new Set([...spec.subjects, ...spec.otherWords]));
  const primary = colors[0] !== undefined ? colorValue(colors[0]) : colorValue(asked ?? shape.primary);
  const secondary =
    colors[1] !== undefined ? colorValue(colors[1]) : shape.derivedSecondary && colors[0] !== undefined ? shade(primary, 0.35) : colorValue(shape.secondary);
  const accent = colors[2] !== undefined ? colorValue(colors[2]) : colorValue(shape.accent);
  const roles: Record<Role, Rgb> = {
    ...FIXED_ROLES,
    primary: applyTone(primary, tone),
    secondary: applyTone(secondary, tone),
    accent: applyTone(accent, tone),
    metal: applyTone(FIXED_ROLES.metal, tone),
    wood: applyTone(FIXED_ROLES.wood, tone),
    glass: applyTone(FIXED_ROLES.glass, tone),
  };
  return { roles, outline, flat: hasStyle(spec, "flat") };
}

function scaleAboutCentre(k: number): Affine {
  return { a: k, b: 0, c: 0, d: k, e: 0.5 - 0.5 * k, f: 0.5 - 0.5 * k };
}

function drawGlow(canvas: Canvas, cx: number, cy: number, radius: number, color: Rgb): void {
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(canvas.width, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(canvas.height, Math.ceil(cy + radius));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius;
      if (d < 1) canvas.blend(x, y, color, (1 - d) * (1 - d) * 0.85);
    }
  }
}

/** Pixelates the icon ("retro"): 32 logical pixels per side, hard alpha edges. */
function pixelate(canvas: Canvas): Canvas {
  const factor = canvas.width / 32;
  const small = downsample(canvas, factor);
  for (let i = 3; i < small.data.length; i += 4) small.data[i] = (small.data[i] ?? 0) >= 110 ? 255 : 0;
  return scaleNearest(small, factor);
}

/** Below 64 px an icon is drawn at SMALL_FACTOR times its size without outline or shadow, then made pixel art (small.ts). */
const SMALL_FACTOR = 4;

async function generateIcon(input: GeneratorInput, onProgress: (p: GeneratorProgress) => void | Promise<void>, signal?: AbortSignal): Promise<GeneratedImage> {
  const progress = new ProgressReporter(onProgress, signal, { ...(input.palette ? { palette: input.palette } : {}) });
  await progress.report(0, "interpreting");
  const { spec } = input;
  const small = input.width < 64;
  const size = small ? input.width * SMALL_FACTOR : input.width;
  // states of the thing ("burnt toast", "unlit torch", "empty bottle": thing-states.ts) mark the same
  // drawing the thing has without them, so they are left out of the key that seeds it
  const chosen = chooseIconShapes(spec);
  const states = thingStates(stateWordsOf(spec), chosen.mainName, chosen.main.reads);
  const stateWords = states.flatMap((s) => s.words);
  const keyed =
    states.length > 0
      ? { ...spec, subjects: spec.subjects.filter((w) => !stateWords.includes(w)), otherWords: spec.otherWords.filter((w) => !stateWords.includes(w)) }
      : spec;
  const rng = new Random(mixSeeds(input.seed, hashString("icon"), hashString(shapeKey(keyed))));
  const plan = planIcon(spec, rng.fork("plan"), input.badge, input.width);
  // materials, effects and the seed's colour jitter (modifiers.ts)
  const mods = planModifiers(spec, plan.main, chooseIconShapes(spec).mainName, rng.fork("modifiers"), chosen.material);
  const baseColors = modifyColors(mods, shapeColors(plan.main, spec.colors, spec, { r: 0, g: 0, b: 0 }), spec);
  const primary = baseColors.roles.primary;
  const badge = badgeColors(primary, spec, rng.range(-16, 16));
  const stateColored = states.length > 0 && chosen.mainName ? { ...baseColors, roles: stateRoles(states, chosen.mainName, baseColors.roles) } : baseColors;
  const mainColors: PartColors = { ...stateColored, outline: badge.outline };

  const canvas = new Canvas(size, small ? size : input.height);
  const pool = new MaskPool(size, canvas.height);
  if (!input.transparent && !small) canvas.fill(badge.backdrop);
  await progress.report(15, "layout");

  const margin = small ? smallMargin(input.width, plan.badge !== undefined) : plan.badge ? 0.17 : 0.06;
  const box = size * (1 - margin * 2);
  const pose = compose(rotationAbout(rng.range(-0.16, 0.16), 0.5, 0.5), scaleAboutCentre(rng.range(0.93, 1.03)));
  const m: Affine = compose(placeUnit(size * margin, size * margin, box), pose);
  if (plan.badge && !small) drawBadge(canvas, pool.shape, badgeContour(plan.badge, size), badge, hasStyle(spec, "glossy"), rng.fork("badge"));
  if (hasStyle(spec, "glowing") && !small && (plan.badge || !input.transparent)) {
    drawGlow(canvas, size / 2, size / 2, box * 0.62, shade(mainColors.roles.primary, 0.3));
  }
  await progress.report(35, "shapes");

  const lineArt = hasStyle(spec, "outline");
  const lineWidth = small ? SMALL_FACTOR * 1.2 : Math.max(2, box * 0.055);
  // small icons get their one-pixel outline after the reduction (small.ts)
  const outlineWidth = small || isNegated(spec, "outline") || lineArt ? 0 : Math.max(1, box * 0.032);
  const words = new Set([...spec.subjects, ...spec.otherWords]);
  // "lockpick set", "pair of boots": two or three of the subject (quantity.ts)
  const quantity = chosen.mainName === undefined ? [] : quantityWords(plan.main, spec.otherWords);
  const copies = copiesOf(quantity);
  const mainRng = rng.fork("main");
  const built = warpByStates(
    states.map((s) => s.name),
    multiplied(copies, (i) => plan.main.build(i === 0 ? mainRng : mainRng.fork(`copy ${i}`), plan.emblem !== undefined, words), arrangementOf(quantity)),
    rng.fork("warp"),
  );
  const mainParts = decorateParts(mods, built);
  const marks = planStateMarks(states, chosen.mainName ?? "", built, mods.materialRoles, rng.fork("states"));
  renderMarks(canvas, pool, marks.behind, m, box, mainColors);
  const before = marks.notches.length > 0 ? canvas.data.slice() : undefined;
  renderParts(canvas, pool, mainParts, m, box, mainColors, {
    outlineWidth,
    ...(lineArt ? { lineArt: { width: lineWidth, color: plan.badge ? shade(mainColors.roles.primary, 0.2) : mainColors.roles.primary } } : {}),
    ...(plan.badge && !small ? { shadow: { dx: box * 0.02, dy: box * 0.035, color: badge.outline, opacity: 0.35 } } : {}),
  });

  renderWear(canvas, pool, mods, mainParts, m, box, badge.outline);
  renderMarks(canvas, pool, marks.front, m, box, mainColors);
  if (before) eraseNotches(canvas, before, pool, marks.notches, m);

  if (plan.emblem) {
    const inSlot = plan.main.emblem !== undefined;
    const slot = plan.main.emblem ?? { cx: 0.8, cy: 0.8, r: 0.2 };
    const em = compose(m, placeUnit(slot.cx - slot.r, slot.cy - slot.r, slot.r * 2));
    const emColors = shapeColors(plan.emblem, spec.colors.slice(1), spec, badge.outline);
    // the emblem sees the prompt's subjects ("witch cauldron": the witch's pointed hat), not its other words
    renderParts(canvas, pool, plan.emblem.build(rng.fork("emblem"), false, new Set(spec.subjects)), em, box * slot.r * 2, emColors, {
      outlineWidth: inSlot ? outlineWidth * 0.75 : outlineWidth,
      ...(lineArt ? { lineArt: { width: lineWidth * 0.8, color: shade(emColors.roles.primary, 0.25) } } : {}),
    });
  }
  renderAdornment(canvas, pool, mods, m, box, plan.emblem !== undefined && plan.main.emblem === undefined, badge.outline, {
    outlineWidth,
    ...(lineArt ? { lineArt: { width: lineWidth * 0.7, color: shade(mainColors.roles.primary, 0.25) } } : {}),
  });
  await progress.report(75, "shading", canvas);

  if (small) {
    const outlined = !isNegated(spec, "outline") && !lineArt;
    const flat = hasStyle(spec, "flat") || lineArt;
    return progress.finish(pixelIcon(canvas, { size: input.width, badge: plan.badge, colors: badge, transparent: input.transparent, outlined, flat }));
  }
  const result = hasStyle(spec, "retro") ? pixelate(canvas) : canvas;
  return progress.finish(result);
}

export const iconGenerator: Generator = { kind: "icon", generate: generateIcon };
