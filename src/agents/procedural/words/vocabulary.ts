/**
 * Word tables used to read prompts: colour words, subject nouns, style words, negations and
 * filler words. Each table maps a word (singular, lower case) to a canonical name.
 */
import { rgb, type Rgb } from "../kit/color.js";

/** Builds a word → canonical map from `canonical: "synonym synonym ..."` groups. */
export function wordTable(groups: Record<string, string>): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [canonical, words] of Object.entries(groups)) {
    if (!canonical.startsWith("!")) map.set(canonical, canonical);
    for (const word of words.split(/\s+/).filter(Boolean)) map.set(word, canonical);
  }
  return map;
}

/** Canonical colours and their base values. */
export const COLOR_VALUES: Readonly<Record<string, Rgb>> = {
  red: rgb(0xd83a34),
  crimson: rgb(0xb3152f),
  maroon: rgb(0x7a1f2b),
  orange: rgb(0xf08a24),
  amber: rgb(0xffb020),
  yellow: rgb(0xf5d327),
  gold: rgb(0xf2b632),
  lime: rgb(0x9bdc28),
  green: rgb(0x3fae49),
  emerald: rgb(0x1e9e6a),
  olive: rgb(0x7d8a2e),
  teal: rgb(0x1f9a94),
  turquoise: rgb(0x2fc6b8),
  cyan: rgb(0x28c8e6),
  sky: rgb(0x5ab4f0),
  blue: rgb(0x2f6fdc),
  navy: rgb(0x1f2d6b),
  indigo: rgb(0x4b3fb5),
  purple: rgb(0x8a3fc2),
  violet: rgb(0x9a5be0),
  magenta: rgb(0xd63cc0),
  pink: rgb(0xf07aa8),
  rose: rgb(0xe8507a),
  brown: rgb(0x8a5a34),
  tan: rgb(0xc8a06a),
  beige: rgb(0xe3d2ac),
  bronze: rgb(0xb07a3a),
  copper: rgb(0xc46a3c),
  black: rgb(0x24232b),
  white: rgb(0xf2f2f0),
  grey: rgb(0x8c9096),
  silver: rgb(0xc3cad3),
  steel: rgb(0x8f9aa6),
};

export const COLOR_WORDS = wordTable({
  red: "reddish ruby scarlet cherry",
  crimson: "blood bloody",
  maroon: "burgundy wine",
  orange: "orangey fiery tangerine",
  amber: "honey",
  yellow: "yellowish lemon",
  gold: "golden gilded",
  lime: "chartreuse",
  green: "greenish",
  emerald: "jade",
  olive: "khaki",
  teal: "",
  turquoise: "aquamarine",
  cyan: "aqua",
  sky: "azure cerulean",
  blue: "bluish sapphire cobalt",
  navy: "midnight",
  indigo: "",
  purple: "purplish amethyst plum",
  violet: "lavender lilac",
  magenta: "fuchsia",
  pink: "pinkish",
  rose: "",
  brown: "brownish chocolate",
  tan: "sandy",
  beige: "cream",
  bronze: "",
  copper: "",
  black: "blackened charcoal obsidian ebony onyx",
  white: "ivory pearl",
  grey: "gray greyish grayish ash ashen",
  silver: "silvery platinum chrome",
  steel: "iron",
});

/**
 * Materials: words that change what a thing is made of ("wooden shield", "stone golem", "bone
 * club"). They are read as modifiers of the subject named with them; alone, the material word is
 * the subject (a texture of "stone").
 */
export const MATERIAL_WORDS = wordTable({
  wood: "wooden wood oak timber",
  stone: "stone stony rock granite",
  iron: "iron steel metal metallic titanium",
  gold: "gold golden gilded",
  silver: "silver silvery",
  bronze: "bronze",
  copper: "copper",
  crystal: "crystal crystalline glass",
  bone: "bone bony",
  ice: "ice",
  leather: "leather",
  tin: "tin tinned pewter",
  brass: "brass brassy",
});

/**
 * Effects: words that name what a thing does or is imbued with ("healing potion", "poison
 * dagger", "fire mage"). An agent changes colour or adds adornment for them; alone, the effect's
 * own subject is drawn ("fire" is a flame). Frost is the style "icy" and ice a material.
 */
export const EFFECT_WORDS = wordTable({
  fire: "fire fiery flaming burning blazing inferno",
  poison: "poison poisonous toxic venom venomous acid acidic plague",
  healing: "heal health healthy restoration regen regeneration cure",
  mana: "arcane",
  stamina: "endurance",
  holy: "divine sacred blessed angelic celestial",
  shadow: "shadows cursed unholy void haunted possessed",
  lightning: "electric thunder storm shock",
});

/** The colour an effect tints its subject with when the prompt names none. */
export const EFFECT_COLORS: Readonly<Record<string, string>> = {
  fire: "orange",
  poison: "lime",
  healing: "red",
  mana: "blue",
  stamina: "green",
  holy: "gold",
  shadow: "purple",
  lightning: "yellow",
};

/**
 * Style words. A canonical name starting with "!" switches that style off (e.g. "minimal" means
 * no badge). Styles in the same group contradict each other: the later one wins.
 */
export const STYLE_WORDS = wordTable({
  dark: "darker darkest shadowy gloomy night dim grim sinister",
  bright: "brighter vivid vibrant saturated colorful colourful light lighter",
  pastel: "soft pale",
  muted: "dull faded desaturated washed subtle",
  glowing: "glow glows glowy luminous radiant magic magical enchanted neon shining",
  retro: "8bit 16bit oldschool nes snes arcade lofi pixelated chunky",
  mossy: "moss overgrown",
  cracked: "crack cracks broken damaged crumbling ruined",
  rusty: "rust rusted corroded oxidized oxidised",
  icy: "frozen frosty frost cold winter",
  outline: "outlined outlines lineart line lines stroke stroked contour",
  badge: "background backdrop frame framed bg border",
  "!badge": "minimal minimalist plain bare badgeless borderless frameless standalone isolated",
  round: "circle circular disc disk medallion",
  square: "squared rounded app",
  hex: "hexagon hexagonal",
  flat: "simple",
  glossy: "shiny polished gloss glassy sparkly sparkling",
  smooth: "sleek clean packed compacted trampled pristine untouched untrodden",
  weathered: "worn old ancient aged rough rugged coarse",
  large: "big huge giant wide massive colossal enormous gigantic",
  small: "tiny little mini fine baby young petite cub cubs hatchling hatchlings whelp whelps juvenile",
  cute: "kawaii chibi adorable",
  scary: "evil angry fierce menacing creepy spooky",
});

/** Groups of mutually exclusive styles. */
export const STYLE_GROUPS: readonly (readonly string[])[] = [
  ["dark", "bright", "pastel", "muted"],
  ["round", "square", "hex"],
  ["flat", "glossy"],
  ["smooth", "weathered"],
  ["large", "small"],
  ["cute", "scary"],
];

/** Words that negate the next recognised word ("no badge", "without outline"). */
export const NEGATIONS: ReadonlySet<string> = new Set(["no", "not", "without", "non", "never", "remove", "drop", "dont", "sans", "nor"]);

/** Words that add subjects to the previous ones instead of replacing them. */
export const ADDITIVE_WORDS: ReadonlySet<string> = new Set(["add", "also", "plus", "too", "additionally"]);

/**
 * Game-asset jargon that says how the asset is used in a game, not what it shows, so none of it
 * is content a generator could ignore: read as filler, it neither counts as an ignored word nor
 * seeds the fallback. Only words that are true of every asset these generators make, or mean
 * nothing to a drawing, are here:
 * - views the generators already draw: sprites and icons face the viewer, which is also how
 *   top-down games show characters and pickups, and textures are seen from above ("top-down",
 *   "front view", "overhead"). Views they do NOT draw stay visible when ignored: "side",
 *   "profile", "isometric", "3d" ask for another picture, and the caller should know it was not made;
 * - uses of the asset: "pickup", "item", "inventory", "hud", "gui", "collectible", "prop", "asset",
 *   "crafting", the "level" it is for;
 * - delivery words: "game-ready", "2d", "png", "pixelart", "centered", "single"; transparency and
 *   size are the `transparent`, `width` and `height` options, not words of the prompt
 *   ("transparent background" and "32x32" are dropped whole by the prompt reader, so "background"
 *   does not switch an icon's badge on);
 * - genres of the game the asset is for: "rpg", "platformer", "roguelike"… (not settings such as
 *   "fantasy" or "sci-fi", which describe the picture and stay visible when ignored).
 * Descriptive words are never here ("bubbling", "broken", "big backpack"): ignoring them must show.
 */
const GAME_JARGON_WORDS = (
  "top topdown overhead view views front facing frontal " +
  "pickup pickups item items inventory hud gui collectible collectibles collectable collectables consumable consumables " +
  "powerup powerups prop props object objects assets element elements graphic graphics slot " +
  "ready gameready 2d png pixelart centered centred single " +
  "rpg jrpg arpg mmo mmorpg platformer roguelike roguelite metroidvania shmup shooter indie mobile level levels crafting"
).split(" ");

/** Words carrying no meaning for the generators; they never reach the hash fallback. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...(
    "a an the and or of on in at to for from by with into onto over under it its it's is are be make made " +
    "turn change give want draw create generate render please now instead actually more less bit little " +
    "very really quite some that this these those one me my i you your we our like looks look looking " +
    "style styled colour color colored coloured icon icons sprite sprites texture textures pixel pixels art " +
    "image picture asset game ui tileable seamless pattern surface version kind sort can could would should " +
    "maybe just any all then than but so also add plus too let lets us use using same other another again " +
    "bit bits x y do does done as has have having of button buttons symbol sign mark " +
    // verbs that only say "with": what is held or worn is the next subject ("knight wielding an axe")
    "holding holds hold wielding wields wield carrying carries carry wearing wears wear equipped armed " +
    // where one thing is beside another, like "on" and "in": each agent places what it draws by its own
    // layout ("up", "down" and "next" are words of arrows and buttons, so not here)
    "beside behind against through across along around near between above below beneath underneath atop " +
    "inside outside upon within toward towards among amid alongside"
  ).split(" "),
  ...GAME_JARGON_WORDS,
]);
