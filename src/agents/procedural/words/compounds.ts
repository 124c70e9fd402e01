/**
 * Compound nouns: phrases whose words together name one subject the agents know under another
 * name ("palm tree" is a palm, "throwing star" a shuriken, "log cabin wall" a log wall). The
 * prompt reader joins each phrase into that one word before reading, so its words are neither
 * read apart ("throwing" ignored, "star" drawn as a star) nor left to vanish: the word stands for
 * the whole phrase, drawn or reported. Only phrases whose parts say the same thing twice, or whose
 * meaning is one known subject, are here.
 */

/** Phrase (a regular expression over normalised text) → the word that names it. */
const COMPOUNDS: readonly (readonly [RegExp, string])[] = [
  [/\bpalm trees?\b/g, "palm"],
  [/\bpine trees?\b/g, "conifer"],
  [/\bthrowing stars?\b/g, "shuriken"],
  [/\bkey[\s-]cards?\b/g, "keycard"],
  [/\bfrying[\s-]pans?\b/g, "pan"],
  [/\bextra[\s-]li(fe|ves)\b/g, "life"],
  [/\bheart[\s-]containers?\b/g, "heart"],
  [/\bcabin[\s-]boys?\b/g, "sailor"],
  [/\blog[\s-]cabins?\b/g, "log"],
  [/\b(village|town|market)[\s-]squares?\b/g, "plaza"],
  [/\bmid[\s-]?(jump|jumping|leap)\b/g, "jumping"],
  [/\bcovered (in|with|by) snow\b|\bsnow[\s-]covered\b/g, "snowcovered"],
  [/\bbarnacles?[\s-]covered\b|\bcovered (in|with) barnacles\b/g, "barnacled"],
  [/\b(cannon|gun) turrets?\b/g, "cannon"],
  [/\bjolly[\s-]roger\b/g, "black skull"],
  [/\bfresh(ly fallen)? snow\b/g, "pristine snow"],
  [/\b(iron|metal|steel|jail|prison|cell) bars\b/g, "iron grille"],
  [/\bship'?s?[\s-]cannons?\b/g, "cannon"],
  // everyday things and their states (icons/things/everyday*.ts, icons/thing-state-wear.ts)
  [/\bmortars? (and|&) pestles?\b/g, "mortar"],
  [/\b(wax[\s-]seals?|sealing[\s-]wax)\b/g, "waxseal"],
  [/\bdiving[\s-]helmets?\b/g, "divinghelmet"],
  [/\b(ship'?s?[\s-](steering[\s-])?|steering[\s-]|helm[\s-])wheels?\b/g, "shipwheel"],
  [/\b(wind|compass)[\s-]roses?\b/g, "compass"],
  [/\bfirst[\s-]aid( kits?)?\b/g, "firstaid"],
  [/\bsix[\s-](shooters?|guns?)\b/g, "revolver"],
  [/\bpearl[\s-]handled\b/g, "pearlhandled"],
  [/\bsticks? of dynamite\b|\bdynamite sticks?\b/g, "dynamite"],
  [/\b((hand|deck|pack|fan) of )?playing[\s-]cards?\b|\b(hand|deck|fan) of cards\b/g, "cards"],
  [/\bfuel[\s-]rods?\b/g, "fuelrod"],
  [/\b(energy|power|fuel)[\s-]cells?\b/g, "cell"],
  [/\b(whiskey|whisky|wine|shot|drinking|water|cocktail|brandy|rum)[\s-]glass(es)?\b/g, "$1 tumbler"],
  [/\bdata[\s-](disk|disc)s?\b/g, "diskette"],
  [/\b(moon|lunar)[\s-]rocks?\b/g, "moonrock"],
  [/\blight[\s-]?bulbs?\b/g, "lightbulb"],
  [/\bbites? taken( out)?\b|\bbites? out of\b/g, "bite"],
  [/\b(with )?an? slices? (missing|cut out|taken|removed)\b|\bmissing an? slices?\b/g, "cutwedge"],
  [/\bfreeze[\s-]dried\b/g, "freezedried"],
  [/\bsail[\s-]?(patch|cloth)(es)?\b/g, "rag"],
  [/\bbounty[\s-](reward[\s-])?(posters?|notices?|signs?)\b|\breward[\s-](posters?|notices?|signs?)\b/g, "wanted reward poster"],
  [/\bland[\s-]claims?( deeds?)?\b/g, "deed"],
  [/\bration[\s-]packs?\b/g, "ration"],
  [/\billuminated manuscripts?\b/g, "gilded manuscript"],
  [/\bbrand[\s-]new\b/g, "brandnew"],
  [/\bdead or alive\b/g, "wanted"],
  [/\bburned (halfway|half[\s-]?way|down)\b/g, "burned $1"],
];

/** The text with every known compound joined into its word. */
export function joinCompounds(text: string): string {
  let out = text;
  for (const [phrase, word] of COMPOUNDS) out = out.replace(phrase, word);
  return out;
}
