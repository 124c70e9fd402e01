import { useEffect } from "preact/hooks";
import { GenerateForm } from "./generate-form";
import { ResultCard } from "./generate-result";
import { useGeneration } from "./use-generation";

export function GenerateView({ active }: { active: boolean }) {
  const generation = useGeneration(active);
  const { run, busy, coolingDown } = generation;

  useEffect(() => {
    if (active) document.title = "Generate · AssetForge";
  }, [active]);

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>Generate</h1>
          <p class="muted">Describe a sprite, an icon or a texture. Same prompt and seed, same pixels.</p>
        </div>
      </header>

      <div class="generate-grid">
        <GenerateForm
          error={generation.startError}
          starting={generation.starting}
          disabled={coolingDown || busy}
          onStart={(input) => void generation.start(input)}
          onRefuse={generation.refuse}
        />
        <ResultCard
          cardRef={generation.resultCard}
          run={run}
          onAgain={generation.again}
          onRecolor={generation.recolor}
          recolorError={generation.recolorError}
          starting={generation.starting}
          onCancel={generation.cancel}
          canceling={generation.canceling}
          disabled={busy || coolingDown}
        />
      </div>
      <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="generate-announcer">
        {generation.announcement}
      </p>
    </section>
  );
}
