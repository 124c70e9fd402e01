/**
 * How a character prompt is drawn: the class's recipe with the race's body, skin, ears and face
 * ("dwarf blacksmith", "orc warrior", "skeleton archer"), the materials' colours ("stone golem",
 * "golden knight", "skeleton with a bone club"), the effects' tints and adornments ("fire mage":
 * red robes and glowing eyes, "holy paladin": a halo) and the size words ("giant": a bulkier
 * body, "tiny": a chibi one). Reports what it used, so the interpretation never drifts.
 */
import type { PromptSpec } from "../../words/prompt.js";
import type { BodyPlan } from "./body.js";
import { RECIPES } from "./recipes.js";
import { type CharacterOptions, characterBuilder } from "./characters.js";
import { M, type SpriteBuilder } from "../grid.js";
import { HATS } from "./hats.js";
import { readSpriteWords, type SpriteWords } from "../words.js";
import { broaderSubjects, GENERIC_SUBJECTS, impliedItems } from "../../words/subjects/subjects.js";
import { EFFECT_COLORS } from "../../words/vocabulary.js";

type RaceOptions = Omit<CharacterOptions, "named">;

/** Races: drawn alone with their own recipe, and combined with a class as that class's body. */
export const RACES: Readonly<Record<string, RaceOptions>> = {
  dwarf: { body: "stocky", face: "beard" },
  elf: { body: "slim", ears: "short", hair: ["long", "short"] },
  orc: { body: "bulky", skin: "green", face: "tusks" },
  goblin: { body: "chibi", skin: "lime", ears: "long" },
  troll: { body: "bulky", skin: "teal", ears: "long", face: "tusks" },
  imp: { body: "chibi", skin: "red", ears: "long", eyes: "glow" },
  skeleton: { skin: "beige", face: "skull", eyes: "skull", hair: ["bald"] },
  zombie: { skin: "olive", hair: ["bald", "short"] },
  gnome: { body: "chibi", face: "beard" },
  halfling: { body: "chibi", hair: ["fringe", "short"], beardless: true },
  /** Not a race but a kind of person all the same: "female knight" wears long hair, no beard. */
  woman: { hair: ["long", "bun"], beardless: true },
  /** A machine; with a class, that class in steel with glowing eyes ("cyborg sniper", "android medic"). */
  robot: { skin: "steel", eyes: "glow", hair: ["bald"], beardless: true },
  /** A ghost of a class ("ghost pirate", "ghost ship captain"): pale, in faded clothes, eyes aglow. */
  ghost: { skin: "sky", eyes: "glow", bodyTint: "silver" },
  /** A hooded figure; with a class, that class under a hood. */
  hooded: { head: "hood" },
};

type AnimalOptions = RaceOptions & Required<Pick<CharacterOptions, "animal">>;
const animal = (skin: string, ears: "pointed" | "round" | "tall" | undefined, body?: BodyPlan): AnimalOptions => ({
  skin,
  animal: { ...(ears ? { ears } : {}), muzzle: true },
  beardless: true,
  hair: ["bald"],
  showFace: true,
  ...(body ? { body } : {}),
});

/**
 * Animals that stand up and take a trade, class or role ("cat blacksmith", "raccoon merchant",
 * "turtle guard"): the class's clothes, headgear and held items on the animal's head and fur.
 * Words the prompt reader knows as creatures, and animal words it does not know as subjects.
 */
export const ANIMAL_FOLK: Readonly<Record<string, AnimalOptions>> = {
  cat: animal("orange", "pointed"),
  dog: animal("tan", "round"),
  fox: animal("orange", "pointed", "slim"),
  wolf: animal("grey", "pointed"),
  rabbit: animal("white", "tall", "chibi"),
  bunny: animal("white", "tall", "chibi"),
  hare: animal("tan", "tall", "slim"),
  mouse: animal("grey", "round", "chibi"),
  rat: animal("grey", "round", "chibi"),
  hamster: animal("tan", "round", "chibi"),
  bear: animal("brown", "round", "bulky"),
  panda: animal("white", "round", "bulky"),
  pig: animal("pink", "pointed", "stocky"),
  boar: animal("brown", "pointed", "bulky"),
  frog: animal("green", undefined, "chibi"),
  toad: animal("olive", undefined, "stocky"),
  turtle: animal("green", undefined, "stocky"),
  tortoise: animal("olive", undefined, "stocky"),
  lizard: animal("green", undefined, "slim"),
  crocodile: animal("olive", undefined, "bulky"),
  raccoon: animal("grey", "round"),
  badger: animal("grey", "round", "stocky"),
  otter: animal("brown", "round", "slim"),
  beaver: animal("brown", "round", "stocky"),
  squirrel: animal("orange", "pointed", "chibi"),
  hedgehog: animal("brown", "pointed", "chibi"),
  mole: animal("grey", undefined, "chibi"),
  owl: animal("brown", "pointed"),
  duck: animal("yellow", undefined, "chibi"),
  penguin: animal("black", undefined, "stocky"),
  goat: animal("white", "pointed"),
  sheep: animal("white", "round", "stocky"),
  cow: animal("white", "round", "bulky"),
  bull: animal("brown", "pointed", "bulky"),
  horse: animal("brown", "pointed", "slim"),
  deer: animal("tan", "pointed", "slim"),
  lion: animal("amber", "round", "bulky"),
  tiger: animal("orange", "round", "bulky"),
  monkey: animal("brown", "round", "chibi"),
  ape: animal("grey", "round", "bulky"),
  gorilla: animal("grey", "round", "huge"),
  // the wild animals of creatures/species-wild.ts and species-more.ts
  coyote: animal("tan", "pointed", "slim"),
  hyena: animal("tan", "round"),
  puma: animal("tan", "round", "slim"),
  capybara: animal("brown", "round", "stocky"),
  armadillo: animal("tan", "pointed", "chibi"),
  skunk: animal("black", "round", "chibi"),
  koala: animal("grey", "round", "stocky"),
  kangaroo: animal("tan", "tall"),
  elephant: animal("grey", "round", "bulky"),
  walrus: animal("brown", undefined, "bulky"),
  seal: animal("grey", undefined, "stocky"),
  bison: animal("brown", "round", "bulky"),
  jackalope: animal("tan", "tall", "chibi"),
};

/** The animal word of a prompt that stands up in a role (a creature subject or an unknown animal word), if any. */
export function animalFolkOf(spec: PromptSpec): string | undefined {
  return [...spec.subjects, ...spec.otherWords].find((w) => ANIMAL_FOLK[w] !== undefined);
}

/** What a material makes of a character: its body (when no colour is named), metal and wood. */
const MATERIAL_COLORS: Readonly<Record<string, { body: string; metal?: string; wood?: string }>> = {
  stone: { body: "grey", metal: "grey" },
  ice: { body: "cyan", metal: "sky" },
  gold: { body: "gold", metal: "gold" },
  silver: { body: "silver", metal: "silver" },
  iron: { body: "steel", metal: "steel" },
  bronze: { body: "bronze", metal: "bronze" },
  copper: { body: "copper", metal: "copper" },
  crystal: { body: "turquoise", metal: "cyan" },
  bone: { body: "beige", metal: "beige", wood: "beige" },
  wood: { body: "brown", metal: "tan", wood: "brown" },
  leather: { body: "brown", wood: "brown" },
};

/** Held things whose metal rusts. */
const METAL_HELD = new Set(["sword", "axe", "spear", "hammer", "shield", "pickaxe", "shovel", "pitchfork", "sickle"]);

/** Effects that light the eyes; "holy" adds a halo; the others only tint. */
const GLOWING_EYES = new Set(["fire", "shadow", "lightning", "mana", "poison"]);

export interface CharacterUses {
  /** The races the class is drawn with ("orc" in "orc warrior"; "dwarf" and "woman" in "female dwarf warrior"). */
  races: string[];
  /** Subject words drawn besides the class (the race, a broader class: "warrior" in "viking warrior"). */
  subjects: string[];
  materials: string[];
  effects: string[];
  styles: string[];
  /** Other words drawn: what the figure wears, its role and state ("apron", "boss", "sleeping"). */
  words: string[];
}

export interface CharacterPlan {
  design: string;
  subject: string;
  builder: SpriteBuilder;
  uses: CharacterUses;
  /** The role, state and setting words read (drawn on the grid by sprites/words.ts). */
  read: SpriteWords;
}

/** Is this subject a drawn character (a recipe)? */
export const isCharacter = (subject: string): boolean => RECIPES[subject] !== undefined;

/**
 * The class drawn (the first character subject that is no race, else the race itself) and the
 * options it is drawn with. `subject` is the character subject the sprite planner chose.
 */
export function planCharacter(spec: PromptSpec, subject: string): CharacterPlan {
  const figures = spec.subjects.filter((s) => isCharacter(s) || RACES[s] !== undefined);
  const classes = figures.filter((s) => RACES[s] === undefined);
  // the most specific class: "viking warrior" is a viking (a kind of warrior)
  const specific = classes.find((c) => !GENERIC_SUBJECTS.has(c) && !classes.some((o) => o !== c && broaderSubjects(o).includes(c)));
  // a race with no class but a generic person ("dwarf man", "hooded figure") is that race's own drawing
  const cls = specific ?? figures.find((s) => RACES[s] !== undefined && !GENERIC_SUBJECTS.has(s)) ?? classes[0] ?? subject;
  // "viking warrior" is a viking; "hero", "person" add nothing to a named class
  const subsumed = classes.filter((s) => s !== cls && (broaderSubjects(cls).includes(s) || GENERIC_SUBJECTS.has(s)));
  const races = figures.filter((s) => RACES[s] !== undefined && s !== cls);
  const recipe = RECIPES[cls] ?? RECIPES.hero;
  if (!recipe) throw new Error("no hero recipe");
  const opts: CharacterOptions = { named: spec.colors.length };
  for (const race of races) Object.assign(opts, RACES[race], { showFace: true });
  // "cat blacksmith": the blacksmith with a cat's head and fur
  const folk = animalFolkOf(spec);
  if (folk) {
    Object.assign(opts, ANIMAL_FOLK[folk]);
    races.push(folk);
  }
  if (opts.beardless && opts.face === "beard") delete opts.face;
  const uses: CharacterUses = {
    races,
    subjects: [...races.filter((r) => spec.subjects.includes(r)), ...subsumed],
    materials: [],
    effects: [],
    styles: [],
    words: races.filter((r) => spec.otherWords.includes(r)),
  };
  // what the figure wears, its role and its setting ("farmer with a straw hat", "space pirate", "boss")
  const read = readSpriteWords(
    spec,
    "character",
    recipe.head?.find((h) => HATS[h] !== undefined),
  );
  const { worn } = read;
  if (worn.head) opts.head = worn.head;
  if (worn.torso) opts.torso = worn.torso;
  if (worn.face) opts.faceWorn = worn.face;
  if (worn.cape) opts.cape = true;
  if (worn.wings) opts.wings = true;
  if (worn.jetpack) opts.jetpack = true;
  if (worn.energy) opts.glow = worn.energy;
  if (read.roles.has("leader") && !worn.head) opts.head = "crown";
  // "mermaid princess", "elf queen": royalty named with another class crowns it
  const royal = classes.find((c) => c !== cls && broaderSubjects(c).includes("king"));
  if (royal && !worn.head && !broaderSubjects(cls).includes("king")) {
    opts.head = RECIPES[royal]?.head?.includes("tiara") ? "tiara" : "crown";
    uses.subjects.push(royal);
  }
  if (read.states.has("rot") && spec.colors.length === 0) opts.skin = "olive";
  // a cave greys a skin that is not a human's (a cave troll)
  if (read.setting === "cave" && (opts.skin ?? recipe.skin) !== undefined && recipe.skinIsBody !== true) {
    opts.skin = "grey";
    uses.subjects.push("cave");
  }
  uses.subjects.push(...read.subjects);
  // closing and glowing eyes are drawn (or not) on the grid: sprites/words.ts says
  uses.words.push(...read.words.filter((w) => !["sleeping", "asleep", "sleepy", "dozing", "napping", "eyed"].includes(w)));
  // "old", "ancient": grey hair, and a beard on those who may wear one
  if (spec.styles.includes("weathered") && recipe.skinIsBody !== true && cls !== "robot" && cls !== "skeleton") {
    opts.old = true;
    if (recipe.face?.some((f) => f === "beard" || f === "moustache") && opts.face === undefined) opts.face = "beard";
    uses.styles.push("weathered");
  }

  const recolor: Partial<Record<number, string>> = {};
  // "knight statue": the figure in stone
  if (read.states.has("statue")) opts.stone = true;
  // "harpy with red wings": the one colour named with the wings is theirs
  if (worn.wings && spec.colors.length === 1) {
    opts.wingColor = spec.colors[0];
    opts.bodyTint = recipe.colors[0];
    opts.named = 0;
  }
  for (const material of spec.materials) {
    const colors = MATERIAL_COLORS[material];
    if (!colors) continue;
    recolor[M.BODY] ??= colors.body;
    if (colors.metal) recolor[M.METAL] ??= colors.metal;
    if (colors.wood) recolor[M.WOOD] ??= colors.wood;
    uses.materials.push(material);
  }
  // "frozen", "icy": a figure of ice; "rusty": corroded armour (on those who wear metal)
  const armoured = recipe.boots === "metal" || recipe.arms === "metal" || recipe.torso.some((t) => t === "plate" || t === "lamellar");
  // "skeleton with a rusty sword": the blade of a held metal weapon rusts
  const blades = [...spec.subjects, ...impliedItems(cls)].some((s) => broaderSubjects(s).some((b) => METAL_HELD.has(b)));
  for (const [style, colors] of [
    ["icy", MATERIAL_COLORS.ice],
    ["rusty", armoured ? { body: "copper", metal: "copper" } : blades ? { metal: "copper" } : undefined],
  ] as const) {
    if (!colors || !spec.styles.includes(style)) continue;
    if ("body" in colors) recolor[M.BODY] ??= colors.body;
    recolor[M.METAL] ??= colors.metal;
    uses.styles.push(style);
  }
  for (const effect of spec.effects) {
    const color = EFFECT_COLORS[effect];
    if (!color) continue;
    let changed = false;
    if (spec.colors.length === 0 && opts.bodyTint === undefined && recolor[M.BODY] === undefined) {
      opts.bodyTint = effect === "holy" ? "white" : effect === "shadow" ? "black" : color;
      changed = true;
    }
    if (effect === "holy") {
      opts.halo = true;
      opts.glow ??= "gold";
      changed = true;
    } else if (GLOWING_EYES.has(effect)) {
      opts.glow ??= effect === "shadow" ? "violet" : effect === "fire" ? "yellow" : color;
      if (opts.eyes !== "skull") opts.eyes = "glow";
      opts.showFace = true;
      changed = true;
    }
    if (changed) uses.effects.push(effect);
  }
  if (Object.keys(recolor).length > 0) opts.recolor = recolor;
  // at 64 and 128 px: embers glowing in the cracks of a fire golem, frost glints on ice, cracks in stone
  const extra = [
    ...(spec.effects.includes("fire") ? ["embers"] : []),
    ...(spec.materials.includes("ice") || spec.materials.includes("crystal") || spec.styles.includes("icy") ? ["frost"] : []),
    ...(spec.materials.includes("stone") || read.states.has("statue") ? ["cracks"] : []),
  ];
  if (worn.detail) extra.push(worn.detail);
  if (extra.length > 0) opts.details = extra;

  const plan: BodyPlan = opts.body ?? recipe.body ?? "normal";
  // a boss is one size bigger, a companion or a minion smaller (and meaner, cuter: sprites/words.ts)
  const large = spec.styles.includes("large") || read.roles.has("boss");
  const small = spec.styles.includes("small") || read.roles.has("companion") || read.roles.has("minion");
  if (large || small) {
    const sized: BodyPlan = large ? (plan === "bulky" || plan === "huge" ? "huge" : "bulky") : "chibi";
    if (sized !== plan) {
      opts.body = sized;
      if (spec.styles.includes(large ? "large" : "small")) uses.styles.push(large ? "large" : "small");
    }
  } else if (spec.styles.includes("cute") && (plan === "normal" || plan === "slim")) {
    // "cute" (already read as big eyes and head): a chibi body too
    opts.body = "chibi";
  }
  return { design: cls, subject: cls, builder: characterBuilder(recipe, opts), uses, read };
}
