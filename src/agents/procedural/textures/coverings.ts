/**
 * A surface covered by something (issue 39): "straw-covered barn floor" is the barn's floor with
 * straw lying over it in patches, "covered in sand" the same with sand; "barnacle-crusted" and
 * "frost-covered" thicken the condition or style named before the linker. Also the few rewrites of
 * subjects only a texture needs: a "sky" is the sky's clouds (not the sky-blue colour too), a
 * "rubber mat" is rubber (no tatami), "bolts" on metal are rivets (conditions.ts).
 */
import type { PromptSpec } from "../words/prompt.js";
import { readingsOf } from "../words/prompt.js";
import { LINKERS } from "./features.js";
import { textureMaterialOf } from "./roles.js";

/** Grounds that can lie over another surface in patches. */
const COVERINGS: ReadonlySet<string> = new Set(["hay", "snow", "sand", "ash", "dust", "grass", "ice", "gravel", "mud", "pebbles", "forest", "moss", "rubble"]);
/** Styles a linker thickens ("frost-covered", "moss-covered", "rust-streaked"). */
const LINKED_STYLES: ReadonlySet<string> = new Set(["mossy", "icy", "rusty"]);
/** Metal surfaces: "bolts" on them are rivets. */
export const METALLIC: ReadonlySet<string> = new Set([
  "metal",
  "hull",
  "panel",
  "treadplate",
  "grate",
  "corrugated",
  "gold",
  "silver",
  "bronze",
  "copper",
  "chainmail",
]);
const BY = new Set(["in", "with", "by", "of"]);
/** Words before a covering that lays it over the surface: the linkers, and "with" ("barn floor with hay"). */
const OVER = new Set([...LINKERS, "with"]);

/** The subject a word names that can cover a surface, and that covering material. */
function coveringOf(word: string, spec: PromptSpec): { subject: string; material: string } | undefined {
  for (const subject of readingsOf(word)) {
    const material = textureMaterialOf(subject);
    if (material !== undefined && COVERINGS.has(material) && spec.subjects.includes(subject)) return { subject, material };
  }
  return undefined;
}

/** "straw-covered floor", "floor covered in straw": the floor, and the straw to lay over it in patches. */
export function readCovering(spec: PromptSpec, words: readonly string[]): { spec: PromptSpec; material: string } | undefined {
  for (let k = 0; k < words.length; k++) {
    if (!OVER.has(words[k] ?? "")) continue;
    const before = LINKERS.has(words[k] ?? "") ? coveringOf(words[k - 1] ?? "", spec) : undefined;
    if (words[k] === "with") {
      const found = coveringOf(words[k + 1] ?? "", spec);
      const rest = found ? spec.subjects.filter((s) => s !== found.subject) : [];
      // only over a surface that is no covering itself ("dirt with grass" is patches already)
      if (found && rest.some((s) => !COVERINGS.has(textureMaterialOf(s) ?? s))) return { spec: { ...spec, subjects: rest }, material: found.material };
      continue;
    }
    const after = BY.has(words[k + 1] ?? "") ? coveringOf(words[k + 2] ?? "", spec) : undefined;
    const found = before ?? after;
    if (found === undefined) continue;
    const rest = spec.subjects.filter((s) => s !== found.subject);
    if (rest.length === 0) continue;
    return { spec: { ...spec, subjects: rest }, material: found.material };
  }
  return undefined;
}

/** The linker word ("covered", "crusted") after a covering, a condition or a style the prompt drew, if any. */
export function coveringLinker(words: readonly string[], read: readonly string[], spec: PromptSpec, covering: string | undefined): string | undefined {
  for (let k = 0; k < words.length; k++) {
    const linker = words[k] ?? "";
    if (!LINKERS.has(linker) || !spec.otherWords.includes(linker)) continue;
    const before = words[k - 1] ?? "";
    const after = BY.has(words[k + 1] ?? "") ? (words[k + 2] ?? "") : "";
    const drew = (w: string): boolean =>
      w !== "" &&
      (read.includes(w) ||
        readingsOf(w).some((r) => LINKED_STYLES.has(r) && spec.styles.includes(r)) ||
        (covering !== undefined && readingsOf(w).some((r) => textureMaterialOf(r) === covering)));
    if (drew(before) || drew(after)) return linker;
  }
  return undefined;
}

/** Subjects only a texture reads otherwise: the sky's clouds without its colour, a rubber mat without the tatami. */
export function readSubjectsOf(spec: PromptSpec): PromptSpec {
  let out = spec;
  // the sky, named as a surface (not "sky blue"): its clouds; the sky words are only a colour to other agents
  if (/\bsk(y|ies)\b(?![\s-]+blue)/.test(out.text) && out.colors.includes("sky") && !out.subjects.includes("clouds"))
    out = { ...out, subjects: [...out.subjects, "clouds"] };
  // "sky" names the sky-blue colour too: the sky is drawn, in its own colours (or those named besides)
  if (out.subjects.includes("clouds") && /\bsk(y|ies)\b/.test(out.text)) out = { ...out, colors: out.colors.filter((c) => c !== "sky") };
  // a starry sky is the stars' (a night sky with stars); "plaster" is a wall's, not a bandage
  if (out.subjects.includes("clouds") && out.subjects.includes("star") && /\bsk(y|ies)\b/.test(out.text))
    out = { ...out, subjects: out.subjects.filter((s) => s !== "clouds") };
  if (out.subjects.includes("bandage") && /\bplaster(ed)?\b/.test(out.text))
    out = { ...out, subjects: out.subjects.map((s) => (s === "bandage" ? "stucco" : s)) };
  if (out.subjects.includes("rubber") && out.subjects.includes("tatami")) out = { ...out, subjects: out.subjects.filter((s) => s !== "tatami") };
  return out;
}
