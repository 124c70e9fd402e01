import { useEffect, useState } from "preact/hooks";
import { ApiError, api } from "../api";
import type { Estimate, GenerateInput, Interpretation } from "../contract";
import { Icon } from "../ui/icons";

/**
 * What a procedural agent understood of a prompt, said plainly: under every result (what it drew
 * and why), and in the form before anything is charged (a dry run as the person types), so a
 * prompt it would not understand is caught while it is still free to change.
 */

const quoted = (words: readonly string[]) => words.map((w) => `“${w}”`).join(", ");

/** "subject knight · with red, sword · ignored: cork", and a clear note when it fell back. */
export function InterpretationNote({ interpretation }: { interpretation: Interpretation | null | undefined }) {
  if (!interpretation) return null;
  const { subject, modifiers, ignored, fallback, readAs } = interpretation;
  return (
    <div class={`interpretation${fallback ? " is-fallback" : ""}`} data-testid="interpretation">
      <dl class="interpretation-terms">
        <div>
          <dt>Drew</dt>
          <dd data-testid="interpretation-subject">{subject ?? "a random design"}</dd>
        </div>
        {modifiers.length > 0 ? (
          <div>
            <dt>With</dt>
            <dd>{modifiers.join(", ")}</dd>
          </div>
        ) : null}
        {ignored.length > 0 ? (
          <div>
            <dt>Ignored</dt>
            <dd data-testid="interpretation-ignored">{ignored.join(", ")}</dd>
          </div>
        ) : null}
        {readAs && readAs.length > 0 ? (
          <div>
            <dt>Read as</dt>
            <dd data-testid="interpretation-read-as">{readAs.map((r) => `${r.word} → ${r.as}`).join(", ")}</dd>
          </div>
        ) : null}
      </dl>
      {fallback ? (
        <p class="interpretation-fallback" data-testid="interpretation-fallback">
          <Icon name="alert" size={15} />
          <span>The agent knew no subject in this prompt, so this is a random design, not what the words describe.</span>
        </p>
      ) : null}
    </div>
  );
}

/** One short line for a history tile: what was drawn, what was ignored, or that it was a random design. */
export function InterpretationSummary({ interpretation }: { interpretation: Interpretation | null | undefined }) {
  if (!interpretation) return null;
  const { subject, ignored, fallback } = interpretation;
  const rest = ignored.length > 0 ? ` · ignored ${ignored.join(", ")}` : "";
  return (
    <p class={`tile-interpretation${fallback ? " is-fallback" : ""}`} data-testid="tile-interpretation">
      {fallback ? `Random design: no subject it knows${rest}` : `Drew ${subject}${rest}`}
    </p>
  );
}

/**
 * The dry run of the form's request, `delayMs` after the last change: what the agent would
 * understand (null for a model agent) and the price; null while typing, or with neither a prompt
 * nor a picture. A refusal of the tileset's terrains, of the palette or of the picture (`image`;
 * `prompt` with a picture: the agent needs one with it) comes back as `refusal` (its `param` says
 * which), so the form can say it before Generate is pressed; any other failed check shows nothing
 * (the real call still answers).
 */
export function usePromptCheck(input: GenerateInput | null, delayMs = 400): { estimate: Estimate | null; refusal: ApiError | null } {
  const [checked, setChecked] = useState<{ key: string; estimate: Estimate | null; refusal: ApiError | null } | null>(null);
  const key = input
    ? JSON.stringify([
        input.prompt ?? null,
        input.agentId,
        input.width ?? null,
        input.height ?? null,
        input.transparent,
        input.sheet ?? null,
        input.tileset ?? null,
        input.palette ?? null,
        input.image ?? null,
      ])
    : "";
  useEffect(() => {
    // a prompt to read, or a picture to price (an agent that needs no prompt with it)
    if (!input || ((input.prompt ?? "").trim() === "" && !input.image)) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const { prompt, agentId, width, height, transparent, sheet, tileset, palette, image } = input;
      api
        .estimate(
          {
            agentId,
            transparent,
            ...(prompt ? { prompt } : {}),
            ...(width !== undefined && height !== undefined ? { width, height } : {}),
            ...(sheet ? { sheet } : {}),
            ...(tileset ? { tileset } : {}),
            ...(palette !== undefined ? { palette } : {}),
            ...(image ? { image } : {}),
          },
          abort.signal,
        )
        .then((estimate) => setChecked({ key, estimate, refusal: null }))
        .catch((error: unknown) => {
          // the refusals a field shows as the person edits: a tileset's, a palette's, the picture's (and a prompt the
          // agent needs with it)
          const param = error instanceof ApiError ? error.param : undefined;
          if (param?.startsWith("tileset") || param?.startsWith("palette") || param === "image" || (param === "prompt" && image)) {
            setChecked({ key, estimate: null, refusal: error as ApiError });
          }
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key]);
  return checked && checked.key === key ? checked : { estimate: null, refusal: null };
}

/** The prompt with `word` (or its plural) replaced by `subject`; appended when the word is not in it as written. */
export function replaceWord(prompt: string, word: string, subject: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`\\b${escaped}(?:e?s)?\\b`, "i");
  return pattern.test(prompt) ? prompt.replace(pattern, subject) : `${prompt.trimEnd()} ${subject}`;
}

/**
 * The form's warning before charging: the agent would fall back (with near subjects to click,
 * each replacing its word), or would ignore some words. Announced politely as it changes.
 */
export function PromptCheck({
  interpretation,
  agentName,
  known,
  others,
  onReplace,
  onSwitch,
}: {
  interpretation: Interpretation | null;
  agentName: string;
  /** A few subjects the agent knows, offered when no suggestion is near. */
  known: readonly string[];
  /** The other agents and the subjects they know: one that draws an ignored word is offered. */
  others: readonly { id: string; name: string; subjects: readonly string[] }[];
  onReplace(word: string, subject: string): void;
  onSwitch(agentId: string): void;
}) {
  let body = null;
  if (interpretation?.fallback) {
    const suggestions = interpretation.suggestions ?? [];
    const unknown = suggestions.length > 0 ? suggestions.map((s) => s.word) : interpretation.ignored;
    const word = interpretation.ignored.find((w) => others.some((o) => o.subjects.includes(w)));
    const other = word === undefined ? undefined : others.find((o) => o.subjects.includes(word));
    body = (
      <div class="prompt-check is-fallback" data-testid="prompt-fallback">
        <p>
          <Icon name="alert" size={15} />
          <span>
            {unknown.length > 0 ? `${agentName} does not know ${quoted(unknown)}` : `${agentName} finds no subject it knows in this prompt`} — it would draw a
            random design.
            {suggestions.length === 0 && known.length > 0 ? ` It knows, for example: ${known.join(", ")}.` : ""}
          </span>
        </p>
        {other && word ? (
          <div class="chips">
            <span class="hint">
              {other.name} draws “{word}”:
            </span>
            <button type="button" class="chip chip-suggestion" data-testid="switch-agent" onClick={() => onSwitch(other.id)}>
              Use {other.name}
            </button>
          </div>
        ) : null}
        {suggestions.length > 0 ? (
          <div class="chips" role="group" aria-label="Try instead">
            <span class="hint">Try:</span>
            {suggestions.flatMap((s) =>
              s.subjects.map((subject) => (
                <button
                  type="button"
                  class="chip chip-suggestion"
                  key={`${s.word}:${subject}`}
                  onClick={() => onReplace(s.word, subject)}
                  aria-label={`Replace “${s.word}” with “${subject}”`}
                >
                  {subject}
                </button>
              )),
            )}
          </div>
        ) : null}
      </div>
    );
  } else if (interpretation && interpretation.ignored.length > 0) {
    body = (
      <p class="prompt-check is-partial" data-testid="prompt-ignored">
        {agentName} would draw {interpretation.subject} but ignore {quoted(interpretation.ignored)}.
      </p>
    );
  }
  // What it understood, when all is well, is a quiet hint (not announced at every pause in typing).
  const understood =
    interpretation && !interpretation.fallback && interpretation.ignored.length === 0 && interpretation.subject ? (
      <p class="prompt-check is-understood hint" data-testid="prompt-understood">
        Reads as: {interpretation.subject}
        {interpretation.modifiers.length > 0 ? `, with ${interpretation.modifiers.join(", ")}` : ""}.
      </p>
    ) : null;
  return (
    <div id="gen-prompt-check">
      <div role="status" aria-live="polite">
        {body}
      </div>
      {understood}
    </div>
  );
}
