/**
 * Gear: weapons, armour pieces, tools, consumables, resources and UI symbols. Drawn by the icon
 * agent (and by the sprite agent as items, or in a character's hands).
 */
import type { SubjectTable } from "./subject-table.js";

export const GEAR_SUBJECTS: SubjectTable = {
  sword: { words: "blade sabre saber katana longsword broadsword rapier scimitar dagger knife weapon" },
  shield: { words: "buckler aegis defense defence armor armour" },
  potion: { words: "flask elixir bottle vial brew tonic philter" },
  coin: { words: "money currency cash token medal" },
  key: { words: "keys" },
  bow: { words: "archery arrow arrows longbow crossbow" },
  axe: { words: "hatchet tomahawk" },
  scroll: { words: "parchment paper quest map spell letter" },
  staff: { words: "staves stave quarterstaff wand wands rod sceptre scepter cane" },
  spear: { words: "lance trident pike halberd javelin polearm" },
  hammer: { words: "mace warhammer maul club" },
  // held by characters
  pickaxe: { words: "pick pickax mattock" },
  pitchfork: { words: "rake" },
  shovel: { words: "spade" },
  scythe: { words: "sickle" },
  lute: { words: "mandolin guitar lyre instrument" },
  lantern: { words: "lamp" },
  book: { words: "tome spellbook grimoire codex ledger" },
  pan: { words: "skillet frypan wok" },
  orb: { words: "sphere crystalball" },
};
