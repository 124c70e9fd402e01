/**
 * Words a sprite reads beyond its subject, that a demanding game developer uses to ask for a
 * figure: what it wears ("farmer with a straw hat", "baker with an apron", "bounty hunter with a
 * jetpack"), its game role ("bone dragon boss", "robot dog companion", "alien drone"), its state
 * ("sleeping cat", "floating ghost", "rotting zombie", "cracked tombstone") and its setting
 * ("space pirate", "sea turtle", "cave troll", "desert nomad", "snowy owl"). Each reading changes
 * the drawing, and is reported so the interpretation lists what was drawn:
 *
 * - worn things replace a character's headgear, torso or face, or add a cape, wings, a jetpack;
 * - "boss": the figure one size bigger and meaner (scary eyes); with "large" already, meaner only;
 * - "companion", "pet", "familiar": smaller and cute; "minion", "apprentice": smaller;
 * - "drone": hovering (lifted over its shadow) and plated in steel when no colour or material is named;
 * - "lord", "chieftain", "warlord": a crown;
 * - "sleeping": closed eyes (only where the design draws eyes that can close); "floating",
 *   "hovering": lifted over a shadow; "rotting": rotting patches and an olive skin; "cracked": cracks;
 * - settings: "space" puts a character in a space helmet; "desert" in a turban and scarf; "cave"
 *   greys a non-human skin; "snow" a wool cap. A creature takes the setting's colour (sea: teal, cave:
 *   grey, snow: white, desert and beach: tan) as its body when no colour is named, else as its belly.
 */
import type { PromptSpec } from "../words/prompt.js";
import { bounds, coat, type Pattern, scaleGrid, shift } from "./creatures/kit.js";
import { M, type SpriteAnchors, type SpriteBuilder, SpriteGrid, type SpriteTraits } from "./grid.js";
import { drawCrown, patches, texture } from "./adornments.js";
import { type Wear, WEAR_WORDS, WEARS, withWear } from "./wear.js";
import { CREATURE_HAT_QUALIFIERS, CREATURE_WORN, type CreatureWear, wearable, wearOnCreature } from "./creature-worn.js";
import { Random } from "../kit/random.js";
import { COLOR_VALUES, wordTable } from "../words/vocabulary.js";

/** What a worn word makes a character wear. */
export interface Worn {
  head?: string;
  torso?: string;
  face?: string;
  cape?: boolean;
  wings?: boolean;
  jetpack?: boolean;
  /** The glow of an energy weapon ("plasma rifle": cyan, "laser pistol": red). */
  energy?: string;
  /** A detail drawn at 64 and 128 px (characters/details.ts): an eyepatch, goggles, a monocle. */
  detail?: string;
}

/** Worn things named by words the prompt reader does not know as subjects. */
export const WORN_WORDS: Readonly<Record<string, Worn>> = {
  tricorn: { head: "tricorn" },
  tricorne: { head: "tricorn" },
  fedora: { head: "fedora" },
  beret: { head: "beret" },
  turban: { head: "turban" },
  bandana: { head: "bandana" },
  bandanna: { head: "bandana" },
  beanie: { head: "beanie" },
  cap: { head: "flatcap" },
  hardhat: { head: "miner" },
  headband: { head: "headband" },
  sombrero: { head: "cowboy" },
  stetson: { head: "cowboy" },
  tiara: { head: "tiara" },
  apron: { torso: "apron" },
  overalls: { torso: "overalls" },
  overall: { torso: "overalls" },
  dungarees: { torso: "overalls" },
  suit: { torso: "suit" },
  spacesuit: { torso: "suit", head: "bubble" },
  robe: { torso: "robe" },
  robes: { torso: "robe" },
  dress: { torso: "dress" },
  gown: { torso: "dress" },
  scarf: { face: "scarf" },
  beard: { face: "beard" },
  bearded: { face: "beard" },
  moustache: { face: "moustache" },
  mustache: { face: "moustache" },
  mask: { face: "wrap" },
  spectacles: { face: "glasses" },
  glasses: { face: "glasses" },
  eyeglasses: { face: "glasses" },
  eyepatch: { detail: "eyepatch" },
  goggles: { detail: "goggles" },
  monocle: { detail: "monocle" },
  wings: { wings: true },
  winged: { wings: true },
  jetpack: { jetpack: true },
  jetpacks: { jetpack: true },
  plasma: { energy: "cyan" },
  laser: { energy: "red" },
  lasers: { energy: "red" },
  energy: { energy: "cyan" },
  photon: { energy: "violet" },
  beam: { energy: "cyan" },
};

/** Worn things named by subject words (drawn as held things otherwise). */
export const WORN_SUBJECTS: Readonly<Record<string, Worn>> = {
  crown: { head: "crown" },
  helmet: { head: "nasal" },
  cloak: { cape: true },
  armor: { torso: "plate" },
};

/** A plain "hat" is the one its qualifier names ("straw hat", "pirate hat"), else the class's own, else a fedora. */
const HAT_QUALIFIERS: Readonly<Record<string, string>> = {
  hay: "straw",
  sheriff: "cowboy",
  pirate: "tricorn",
  wizard: "wizard",
  witch: "witch",
  santa: "santa",
  chef: "toque",
  sailor: "sailor",
  miner: "miner",
};
const HAT_WORDS = new Set(["hat", "hats"]);

/** Words naming a figure's role in a game. */
const ROLE_WORDS = wordTable({
  boss: "bosses miniboss",
  companion: "pet familiar sidekick buddy",
  minion: "minions underling apprentice novice",
  drone: "drones",
  leader: "lord chieftain chief warlord overlord ruler",
}) as ReadonlyMap<string, Role>;
type Role = "boss" | "companion" | "minion" | "drone" | "leader";

const STATE_WORDS = wordTable({
  asleep: "sleeping sleepy dozing napping",
  float: "floating hovering levitating hover",
  rot: "rotting rotten decaying decayed putrid",
  // "red-eyed bat": eyes that glow (in the colour of a menacing glow)
  eyed: "",
}) as ReadonlyMap<string, State>;
type State = "asleep" | "float" | "rot" | "statue" | "eyed";

/** Coat patterns a creature's body takes ("spotted cow", "tabby cat", "striped snake"). */
const COAT_WORDS = wordTable({
  spots: "spotted spotty dotted",
  stripes: "striped stripy tabby",
  patches: "patched patchy piebald pied",
  speckles: "speckled freckled mottled",
  bands: "banded ringed",
}) as ReadonlyMap<string, Pattern>;

/** Settings (subjects) that change a creature's colour: its body when no colour is named, else its belly. */
export const SETTING_COLORS: Readonly<Record<string, string>> = {
  water: "teal",
  cave: "grey",
  snow: "white",
  sand: "tan",
  swamp: "olive",
  forest: "green",
  // "space jellyfish", "cloud whale"
  starfield: "indigo",
  cloud: "white",
};
/** Settings that dress a character (when the prompt names no headgear). */
const SETTING_WORN: Readonly<Record<string, Worn>> = {
  starfield: { head: "bubble" },
  sand: { head: "turban", face: "scarf" },
  snow: { head: "beanie" },
};

/** What the words ask of a figure. */
export interface SpriteWords {
  /** Raw other words read (removed from the ignored ones). */
  words: string[];
  /** Subject words read (worn things, settings, a hat's qualifier). */
  subjects: string[];
  worn: Worn;
  /** A creature's coat pattern. */
  coat?: Pattern;
  roles: Set<Role>;
  states: Set<State>;
  /** The setting (a subject) that colours a creature or dresses a character. */
  setting?: string;
  /** What a creature wears ("shark wearing an eyepatch", "frog in a top hat"). */
  creatureWorn?: CreatureWear[];
}

/** Reads the role, state and setting words of a prompt (and, for a character, what it wears). */
export function readSpriteWords(spec: PromptSpec, kind: "character" | "creature" | "item", classHead?: string): SpriteWords {
  const out: SpriteWords = { words: [], subjects: [], worn: {}, roles: new Set(), states: new Set() };
  for (const w of spec.otherWords) {
    const role = ROLE_WORDS.get(w);
    const state = STATE_WORDS.get(w);
    // an item has no role but a drone's and cannot sleep or rot; it can float ("floating space mine")
    // a creature's coat; a character's clothes take patches only ("scarecrow in patched overalls")
    const pattern = COAT_WORDS.get(w);
    if (pattern && out.coat === undefined && (kind === "creature" || (kind === "character" && pattern === "patches"))) out.coat = pattern;
    else if (role && (kind !== "item" || role === "drone")) out.roles.add(role);
    else if (state && (kind !== "item" || state === "float")) out.states.add(state);
    else continue;
    out.words.push(w);
  }
  // "gargoyle statue", "knight statue": the figure in stone
  if (kind !== "item" && spec.subjects.includes("statue")) {
    out.states.add("statue");
    out.subjects.push("statue");
  }
  if (kind === "character") {
    const worn: Worn = {};
    // worn words are unknown words or, when the icon agent draws them too ("hat", "jetpack"), subjects:
    // either way they are worn, never carried
    const read = (w: string, subject: boolean): void => {
      if (subject && !out.subjects.includes(w)) out.subjects.push(w);
      if (!out.words.includes(w)) out.words.push(w);
    };
    for (const [w, subject] of [...spec.otherWords.map((w) => [w, false] as const), ...spec.subjects.map((s) => [s, true] as const)]) {
      const piece = WORN_WORDS[w];
      if (piece) {
        Object.assign(worn, piece);
        read(w, subject);
      } else if (HAT_WORDS.has(w)) {
        const qualifier = spec.subjects.find((s) => HAT_QUALIFIERS[s] !== undefined);
        worn.head = qualifier ? (HAT_QUALIFIERS[qualifier] as string) : (classHead ?? "fedora");
        if (qualifier && !out.subjects.includes(qualifier)) out.subjects.push(qualifier);
        read(w, subject);
      }
    }
    for (const s of spec.subjects) {
      const piece = WORN_SUBJECTS[s];
      if (!piece) continue;
      Object.assign(worn, piece);
      out.subjects.push(s);
    }
    const setting = spec.subjects.find((s) => SETTING_WORN[s] !== undefined || s === "cave");
    if (setting && SETTING_WORN[setting]) {
      const dress = SETTING_WORN[setting] as Worn;
      if (worn.head === undefined) Object.assign(worn, dress, worn);
      if (worn.head === dress.head || (dress.face !== undefined && worn.face === dress.face)) {
        out.setting = setting;
        out.subjects.push(setting);
      }
    } else if (setting) out.setting = setting;
    out.worn = worn;
  } else if (kind === "creature") {
    const wear: CreatureWear[] = [];
    const words = [...spec.otherWords.map((w) => [w, false] as const), ...spec.subjects.map((s) => [s, true] as const)];
    for (const [w, subject] of words) {
      let piece = CREATURE_WORN[w];
      if (piece === undefined) continue;
      if (piece === "hat") {
        // "top hat", "straw hat", "witch hat": the hat its qualifier names
        const qualifier = words.find(([q]) => CREATURE_HAT_QUALIFIERS[q] !== undefined);
        const top = /\btop[\s-]*hats?\b/.test(spec.text);
        piece = top ? "tophat" : qualifier ? (CREATURE_HAT_QUALIFIERS[qualifier[0]] as CreatureWear) : "hat";
        if (qualifier && !top) (qualifier[1] ? out.subjects : out.words).push(qualifier[0]);
      }
      if (wear.includes(piece)) continue;
      wear.push(piece);
      if (subject) out.subjects.push(w);
      out.words.push(w);
    }
    if (wear.length > 0) out.creatureWorn = wear;
    const setting = spec.subjects.find((s) => SETTING_COLORS[s] !== undefined);
    if (setting) {
      out.setting = setting;
      out.subjects.push(setting);
    }
  }
  return out;
}

/** Does a design's 32-cell grid change with these traits? (eyes that close, or glow) */
function changesWith(builder: SpriteBuilder, traits: Partial<SpriteTraits>): boolean {
  const grid = (t: Partial<SpriteTraits>): Uint8Array => {
    const g = new SpriteGrid(32);
    builder.build(g, new Random(7), { cute: false, scary: false, ...t });
    return g.cells;
  };
  const plain = grid({});
  const changed = grid(traits);
  return plain.some((c, k) => c !== changed[k]);
}

const HAT_KINDS = new Set<CreatureWear>(["hat", "tophat", "pointed", "straw", "chef"]);

/** A design's 32-cell grid (seed 7, plain traits). */
function grid32(builder: SpriteBuilder): Uint8Array {
  const g = new SpriteGrid(32);
  builder.build(g, new Random(7), { cute: false, scary: false });
  return g.cells;
}

/** What of these a design can wear, read off its 32-cell grid (it has eyes to place them by). */
function wearsOn(builder: SpriteBuilder, wear: readonly CreatureWear[]): CreatureWear[] {
  const g = new SpriteGrid(32);
  builder.build(g, new Random(7), { cute: false, scary: false });
  return wearable(g, wear);
}

/** Cracks down a drawn figure or item: a few dark zigzags. */
export function crack(g: SpriteGrid, rng: Random): void {
  const box = bounds(g);
  if (!box) return;
  const [i0, j0, i1, j1] = box;
  const count = g.n <= 16 ? 1 : 3;
  for (let k = 0; k < count; k++) {
    let i = rng.int(i0 + 1, Math.max(i0 + 1, i1 - 1));
    let j = rng.int(j0, Math.max(j0, Math.round(j0 + (j1 - j0) * 0.4)));
    for (let s = 0; s < Math.max(3, g.n / 6); s++) {
      const m = g.get(i, j);
      if (m !== M.EMPTY && m !== M.LINE) g.setCell(i, j, M.DARK);
      i += rng.int(-1, 1);
      j += 1;
    }
  }
}

/** Lifts a figure off the ground over an oval shadow; moves its anchors with it. */
function hover(g: SpriteGrid, anchors: SpriteAnchors | undefined): SpriteAnchors | undefined {
  const box = bounds(g);
  if (!box) return anchors;
  const lift = Math.max(2, Math.round(g.n * 0.1));
  const room = box[1];
  if (room < lift) scaleGrid(g, 0.86);
  const after = bounds(g) ?? box;
  shift(g, 0, -Math.min(lift, after[1]));
  const moved = Math.min(lift, after[1]) / g.n;
  const w = Math.max(0.12, ((after[2] - after[0]) / g.n) * 0.32);
  g.ellipse(0.5, 0.95, w, Math.max(g.cell * 0.6, 0.025), M.DARK);
  if (!anchors) return anchors;
  const { hand } = anchors;
  return {
    ...anchors,
    hand: { ...hand, y0: hand.y0 - moved, y1: hand.y1 - moved },
    headTop: anchors.headTop - moved,
    ...(anchors.neck !== undefined ? { neck: anchors.neck - moved } : {}),
  };
}

/**
 * Wraps a builder with what the words ask for that is drawn on the grid (eyes closed, lifted,
 * rotting, cracked, a crown, a boss's or a companion's size and look). `kind` is the builder's;
 * a character's size and crown are its body plan and headgear (see sprites/characters/plan.ts).
 * Returns the words used: those that change nothing here are left out.
 */
export function applySpriteWords(
  spec: PromptSpec,
  builder: SpriteBuilder,
  read: SpriteWords,
): { builder: SpriteBuilder; words: string[]; subjects: string[]; styles: string[] } {
  const character = builder.kind === "character";
  const asleep = read.states.has("asleep") && changesWith(builder, { asleep: true });
  const eyed = read.states.has("eyed") && changesWith(builder, { scary: true });
  const float = read.states.has("float") || read.roles.has("drone");
  const rot = read.states.has("rot");
  const boss = read.roles.has("boss");
  const large = spec.styles.includes("large");
  const small = spec.styles.includes("small");
  const grow = boss && !large && !character;
  const shrink = (read.roles.has("companion") || read.roles.has("minion")) && !small && !character;
  const cute = read.roles.has("companion");
  const crown = read.roles.has("leader") && !character;
  const cracked = spec.styles.includes("cracked");
  const statue = read.states.has("statue") && !character;
  const pattern = read.coat;
  const plated = read.roles.has("drone") && !character && spec.colors.length === 0 && spec.materials.length === 0;
  const setting = !character && read.setting ? SETTING_COLORS[read.setting] : undefined;
  // a creature wears what it can: nothing on one drawn without eyes (left ignored)
  // "mossy boulder", "rusty anchor", "old barrel": wear on a creature or an item that has no liquid of its own
  const wearWords = character ? [] : spec.otherWords.filter((w) => WEAR_WORDS[w] !== undefined);
  const wear = character ? [] : [...WEARS.filter((w) => spec.styles.includes(w)), ...new Set(wearWords.map((w) => WEAR_WORDS[w] as Wear))];
  const worn32 = wear.length > 0 ? grid32(builder) : undefined;
  const wearing = worn32 && !worn32.includes(M.LIQUID) ? wear : [];
  const fits = !character && read.creatureWorn ? wearsOn(builder, read.creatureWorn) : [];
  const dressed = fits.length > 0 ? fits : undefined;
  // a character's size and crown come from its plan (sprites/characters/plan.ts)
  let inner: SpriteBuilder = builder;
  if (plated) inner = { ...inner, primary: "steel", secondary: "silver" };
  if (statue && spec.colors.length === 0) inner = { ...inner, primary: "grey", secondary: "steel" };
  if (rot && !character && spec.colors.length === 0) inner = { ...inner, primary: "olive", secondary: "grey" };
  if (setting) inner = spec.colors.length === 0 ? { ...inner, primary: setting } : spec.colors.length < 2 ? { ...inner, secondary: setting } : inner;
  // "red-eyed": the eyes glow in the colour named
  const eyeColor = eyed ? COLOR_VALUES[spec.colors[0] ?? "red"] : undefined;
  if (eyeColor) {
    const tint = inner.tint;
    inner = {
      ...inner,
      tint: (colors, rng) => {
        tint?.(colors, rng);
        colors[M.GLOW] = eyeColor;
      },
    };
  }
  const base = inner;
  const wrapped: SpriteBuilder = {
    ...base,
    build(g, rng, traits) {
      let anchors = base.build(g, rng, {
        ...traits,
        asleep: asleep || traits.asleep,
        scary: (traits.scary || boss || eyed) && !cute,
        cute: traits.cute || cute,
      });
      if (pattern === "patches" && character) patches(g, rng.fork("patches"));
      else if (pattern) {
        const box = bounds(g);
        if (box) coat(g, rng.fork("coat"), pattern, [box[0] / g.n, box[1] / g.n, (box[2] + 1) / g.n, (box[3] + 1) / g.n], M.BODY, M.DARK);
      }
      if (plated) texture(g, rng.fork("plates"), "iron");
      if (statue) texture(g, rng.fork("stone"), "stone");
      if (rot) patches(g, rng.fork("rot"));
      if (cracked) crack(g, rng.fork("cracks"));
      if (grow) scaleGrid(g, 1.18);
      if (shrink) scaleGrid(g, 0.8);
      if (crown) {
        const box = bounds(g);
        if (box && box[1] < g.n * 0.18) scaleGrid(g, 0.84);
        drawCrown(g);
      }
      if (dressed) wearOnCreature(g, dressed);
      if (float) anchors = hover(g, anchors ?? undefined);
      return anchors;
    },
  };
  // "sleeping" on a design whose eyes do not close changes nothing: left ignored
  // a worn word stays when its piece is drawn (a hat's qualifier with its hat)
  const hatDrawn = dressed?.some((w) => HAT_KINDS.has(w)) === true;
  const worn = (w: string): boolean => {
    const piece = CREATURE_WORN[w];
    if (piece !== undefined) return HAT_KINDS.has(piece) ? !hatDrawn : !dressed?.includes(piece);
    return CREATURE_HAT_QUALIFIERS[w] !== undefined && !hatDrawn;
  };
  const words = read.words.filter((w) => (STATE_WORDS.get(w) !== "asleep" || asleep) && (STATE_WORDS.get(w) !== "eyed" || eyed) && (character || !worn(w)));
  const subjects = character ? read.subjects : read.subjects.filter((s) => !worn(s));
  const changed = words.length > 0 || cracked || statue || setting !== undefined;
  const styles = [...(cracked ? ["cracked"] : []), ...wearing.filter((w) => WEARS.includes(w))];
  if (wearing.length > 0) words.push(...wearWords);
  const done = changed ? wrapped : builder;
  return { builder: wearing.length > 0 ? withWear(done, wearing) : done, words, subjects, styles };
}
