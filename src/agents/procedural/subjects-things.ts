/**
 * Things: items, props and furniture, nature, food, weapons and armour, consumables and UI
 * symbols. Drawn by the icon agent (and by the sprite agent as items or held items).
 */
import type { SubjectTable } from "./subject-table.js";

export const THING_SUBJECTS: SubjectTable = {
  sword: { words: "blade sabre saber katana longsword broadsword rapier scimitar dagger knife weapon" },
  shield: { words: "buckler aegis defense defence armor armour" },
  potion: { words: "flask elixir bottle vial brew tonic philter" },
  coin: { words: "money currency cash token medal" },
  heart: { words: "love life" },
  gem: { words: "crystal jewel diamond gemstone" },
  key: { words: "keys" },
  star: { words: "stars starry sun" },
  skull: { words: "bone bones death" },
  bow: { words: "archery arrow arrows longbow crossbow" },
  axe: { words: "hatchet tomahawk" },
  scroll: { words: "parchment paper quest map spell letter" },
  flame: { words: "fire flames blaze burning torch ember fireball" },
  leaf: { words: "leaves foliage herb plant nature" },
  droplet: { words: "drop tear raindrop rain liquid" },
  crown: { words: "tiara" },
  moon: { words: "crescent lunar" },
  bolt: { words: "lightning thunder electric energy" },
  mushroom: { words: "shroom fungus toadstool" },
  tree: { words: "trees sapling" },
  chest: { words: "treasure box crate", generic: true },
  // held items (drawn in a character's hand by the sprite agent)
  staff: { words: "staves stave quarterstaff wand wands rod sceptre scepter cane" },
  spear: { words: "lance trident pike halberd javelin polearm" },
  hammer: { words: "mace warhammer maul club" },
};
