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
  // animals named in two words, and wings named by whose they are ("bat-winged imp")
  [/\bhermit[\s-]crabs?\b/g, "crab"],
  [/\bsea[\s-]lions?\b/g, "sealion"],
  [/\bsea[\s-]cows?\b/g, "manatee"],
  [/\bkiller[\s-]whales?\b/g, "orca"],
  [/\bguinea[\s-]pigs?\b/g, "hamster"],
  [/\bhoney[\s-]badgers?\b/g, "badger"],
  [/\bmountain[\s-]lions?\b/g, "puma"],
  [/\bkomodo[\s-]dragons?\b/g, "komodo"],
  [/\bpolar[\s-]bears?\b/g, "white bear"],
  [/\barctic[\s-]fox(es)?\b/g, "white fox"],
  [/\bred[\s-]pandas?\b/g, "orange raccoon"],
  [/\bpraying[\s-]mantis\b/g, "mantis"],
  [/\b(manta|sting|eagle)[\s-]?rays?\b/g, "stingray"],
  // a creature's own parts and poses named at length ("coiled to strike", "jellyfish with glowing tentacles")
  [/\bcoiled( up)? (around|round|about)\b/g, "coiled $2"],
  [/\bcoiled( up)?,? (and )?(ready )?to strike\b/g, "coiled"],
  [/\bpuffed[\s-]up\b/g, "puffed"],
  [/\b(anglerfish|angler fish)\b(.*?)\b(a |its )?(lantern |glowing |light |bioluminescent )?lures?\b/g, "anglerfish$2"],
  [/\b(jellyfish|jellies|octopus|octopuses|squid|kraken)\b(.*?)\b(long |trailing |stinging )?tentacles\b/g, "$1$2"],
  [/\b(bat|bird|dragon|feather|feathered|butterfly|moth|insect|angel|angelic|demon|demonic|fairy|eagle|raven|crow|leathery)[\s-]winged\b/g, "winged"],
  // a figure's state or action said as a phrase (words/actions.ts): "outlaw behind bars", "knight standing guard"
  [/\bbehind (the )?((iron|metal|steel) )?(bars|grille)\b/g, "caged"],
  [/\b(standing|keeping|on) (guard|watch)\b/g, "guarding"],
  [/\b(in |mid[\s-]?)flight\b/g, "flying"],
  [/\bat rest\b/g, "resting"],
  [/\bat work\b/g, "working"],
  [/\bon the run\b/g, "fleeing"],
  [/\bin (battle|combat)\b/g, "fighting"],
  [/\bon all fours\b/g, "crawling"],
  [/\b(coiled|wrapped|curled) (a)?round\b/g, "coiled"],
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
  [/\bsail[\s-]?patch(es)?\b/g, "rag"],
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
