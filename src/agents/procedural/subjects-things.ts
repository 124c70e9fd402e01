/**
 * Things: props and furniture, nature, food and loose objects. Drawn by the icon agent (and by
 * the sprite agent as items).
 */
import type { SubjectTable } from "./subject-table.js";

export const THING_SUBJECTS: SubjectTable = {
  heart: { words: "love life" },
  gem: { words: "crystal jewel diamond gemstone" },
  star: { words: "stars starry sun" },
  skull: { words: "bone bones death" },
  flame: { words: "fire flames blaze burning torch ember fireball" },
  leaf: { words: "leaves foliage herb plant nature" },
  droplet: { words: "drop tear raindrop rain liquid" },
  crown: { words: "tiara" },
  moon: { words: "crescent lunar" },
  bolt: { words: "lightning thunder electric energy" },
  mushroom: { words: "shroom fungus toadstool" },
  tree: { words: "trees sapling" },
  chest: { words: "treasure box crate", generic: true },
};
