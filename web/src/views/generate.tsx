import type { RefObject } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { agentOption, sizeRange } from "../agent-text";
import { api, ApiError } from "../api";
import type { GenerateInput, Generation } from "../contract";
import { followGeneration } from "../live";
import { useSession } from "../state";
import { AssetImage, Button, CopyButton, ErrorNote, Icon, Spinner, fileName, plural } from "../ui";

type Phase = "queued" | "running" | "succeeded" | "failed";

interface Run {
  id: string;
  input: GenerateInput;
  phase: Phase;
  percent: number;
  stage?: string;
  /** Every stage the agent reported, in order (a repeated stage only moves its percent). */
  stages: { text: string; percent: number }[];
  preview?: { src: string; width: number; height: number };
  previews: number;
  result?: Generation;
  failure?: { message: string; code: string; refunded: number };
  streamError?: ApiError;
  startedAt: number;
  finishedAt?: number;
}

const examples = [
  { prompt: "red health potion, glossy", agentId: "pixel-sprite" },
  { prompt: "golden key with a blue gem", agentId: "icon" },
  { prompt: "mossy cobblestone", agentId: "texture" },
  { prompt: "green slime monster", agentId: "pixel-sprite" },
];

const sizeKey = (s: { width: number; height: number }) => `${s.width}x${s.height}`;

/** A stage as the agent reported it ("post-processing"), as a person reads it ("Post processing"). */
const humanStage = (stage: string): string => stage.charAt(0).toUpperCase() + stage.slice(1).replace(/[-_]/g, " ");

const stageLabel = (run: Run): string => {
  if (run.phase === "queued") return "Queued…";
  if (run.phase === "succeeded") return "Done";
  if (run.phase === "failed") return run.failure?.code === "canceled" ? "Canceled" : "Failed";
  if (!run.stage) return "Starting…";
  return `${humanStage(run.stage)}…`;
};

const withStage = (stages: Run["stages"], text: string, percent: number): Run["stages"] => {
  const last = stages.at(-1);
  if (last && last.text === text) return [...stages.slice(0, -1), { text, percent }];
  return [...stages, { text, percent }];
};

export function GenerateView({ active }: { active: boolean }) {
  const session = useSession();
  const { agents, setBalance, refreshBalance } = session;

  const [prompt, setPrompt] = useState("");
  const [agentId, setAgentId] = useState(() => agents.find((a) => a.id === session.defaultAgentId)?.id ?? agents[0]?.id ?? "");
  const agent = agents.find((a) => a.id === agentId) ?? agents[0];
  const [size, setSize] = useState(() => (agent ? sizeKey(agent.defaultSize) : ""));
  const [transparent, setTransparent] = useState(true);
  const [seed, setSeed] = useState("");
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [retryAt, setRetryAt] = useState(0);
  const [run, setRun] = useState<Run | null>(null);
  const [canceling, setCanceling] = useState(false);
  const stopStream = useRef<(() => void) | undefined>(undefined);
  const promptInput = useRef<HTMLTextAreaElement>(null);
  const resultCard = useRef<HTMLElement>(null);
  // What the live region says (a generation started, ended); it stays in the page so it is announced.
  const [announcement, setAnnouncement] = useState("");
  const settled = useRef<string | undefined>(undefined);

  useEffect(() => () => stopStream.current?.(), []);
  useEffect(() => {
    if (active) document.title = "Generate · AssetForge";
  }, [active]);

  // A 429 keeps the button off until the wait is over.
  useEffect(() => {
    if (retryAt <= Date.now()) return;
    const timer = setTimeout(() => setRetryAt(0), retryAt - Date.now());
    return () => clearTimeout(timer);
  }, [retryAt]);

  const chooseAgent = (id: string) => {
    const next = agents.find((a) => a.id === id);
    if (!next) return;
    setAgentId(id);
    if (!next.sizes.some((s) => sizeKey(s) === size)) setSize(sizeKey(next.defaultSize));
  };

  const canTransparent = agent?.supportsTransparent ?? false;
  const effectiveTransparent = canTransparent && transparent;
  const sizes = agent?.sizes ?? [];
  const [width, height] = size.split("x").map(Number) as [number, number];

  const update = (id: string, patch: (run: Run) => Partial<Run>) =>
    setRun((current) => (current && current.id === id ? { ...current, ...patch(current) } : current));

  const follow = (generation: Generation, input: GenerateInput) => {
    stopStream.current?.();
    const id = generation.id;
    setRun({ id, input, phase: generation.status === "running" ? "running" : "queued", percent: 0, stages: [], previews: 0, startedAt: Date.now() });
    setAnnouncement(`Generating “${input.prompt}”…`);

    const finish = (g: Generation) => {
      if (g.credits) setBalance(g.credits.balance);
      if (g.status === "succeeded") {
        update(id, () => ({ phase: "succeeded", percent: 100, result: g, finishedAt: Date.now() }));
      } else {
        update(id, () => ({
          phase: "failed",
          finishedAt: Date.now(),
          failure: { message: g.error?.message ?? "The generation failed.", code: g.error?.code ?? g.status, refunded: g.credits?.refunded ?? 0 },
        }));
      }
      void refreshBalance();
    };

    stopStream.current = followGeneration(id, {
      onEvent(event) {
        const data = event.data;
        switch (event.type) {
          case "generation.queued":
            update(id, () => ({ phase: "queued" }));
            break;
          case "generation.started":
            update(id, (r) => ({ phase: "running", percent: Math.max(r.percent, 1) }));
            break;
          case "generation.progress":
            update(id, (r) => {
              const percent = Math.max(r.percent, Number(data.percent) || 0);
              const stage = String(data.stage ?? "") || r.stage;
              return { phase: "running", percent, stage, stages: stage ? withStage(r.stages, humanStage(stage), percent) : r.stages };
            });
            break;
          case "generation.preview":
            if (typeof data.b64 === "string") {
              update(id, (r) => ({
                preview: { src: `data:image/png;base64,${data.b64 as string}`, width: Number(data.width), height: Number(data.height) },
                previews: r.previews + 1,
              }));
            }
            break;
          case "generation.completed": {
            finish({ ...(data as unknown as Generation), status: "succeeded" });
            break;
          }
          case "generation.failed": {
            const error = data.error as { code?: string; message?: string } | undefined;
            const credits = data.credits as { refunded?: number; balance?: number } | undefined;
            if (typeof credits?.balance === "number") setBalance(credits.balance);
            update(id, () => ({
              phase: "failed",
              finishedAt: Date.now(),
              failure: { message: error?.message ?? "The generation failed.", code: error?.code ?? "failed", refunded: credits?.refunded ?? 0 },
            }));
            void refreshBalance();
            break;
          }
        }
      },
      onError(error) {
        // The stream broke: read the generation instead, until it is finished.
        update(id, () => ({ streamError: error }));
        let tries = 0;
        const poll = async () => {
          try {
            const g = await api.generation(id);
            if (g.status === "succeeded" || g.status === "failed" || g.status === "canceled") return finish(g);
          } catch {
            // keep polling a little
          }
          if (++tries < 60) setTimeout(poll, 1000);
        };
        void poll();
      },
    });
  };

  const start = async (input: GenerateInput) => {
    if (starting) return;
    setStartError(null);
    setStarting(true);
    try {
      const generation = await api.generate(input);
      if (generation.credits) setBalance(generation.credits.balance);
      follow(generation, input);
      // One column (phones): bring the live result into view.
      if (matchMedia("(max-width: 1080px)").matches) {
        requestAnimationFrame(() => resultCard.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
      }
    } catch (error) {
      setStartError(error);
      if (error instanceof ApiError && error.code === "insufficient_credits" && typeof error.details.balance === "number") setBalance(error.details.balance);
      if (error instanceof ApiError && error.code === "rate_limited") setRetryAt(Date.now() + (error.retryAfter ?? 10) * 1000);
      if (error instanceof ApiError && error.code === "unauthenticated") session.signedOut();
    } finally {
      setStarting(false);
    }
  };

  const currentInput = (): GenerateInput | null => {
    if (!agent) return null;
    const input: GenerateInput = { prompt: prompt.trim(), agentId: agent.id, width, height, transparent: effectiveTransparent };
    if (seed.trim() !== "") input.seed = Number(seed);
    return input;
  };

  const submit = (event?: Event) => {
    event?.preventDefault();
    const input = currentInput();
    if (!input) return;
    if (!input.prompt) {
      setStartError(new ApiError("Describe the asset you want first.", "", undefined, {}, "prompt"));
      promptInput.current?.focus();
      return;
    }
    void start(input);
  };

  const again = () => {
    if (!run) return;
    const { seed: _, ...rest } = run.input;
    void start(rest);
  };

  // Another screen asked for a run (History: "Run again" / "Edit").
  useEffect(() => {
    const pending = session.pendingRun;
    if (!pending) return;
    session.clearPendingRun();
    const { input } = pending;
    setPrompt(input.prompt);
    if (agents.some((a) => a.id === input.agentId)) setAgentId(input.agentId);
    setSize(sizeKey(input));
    setTransparent(input.transparent);
    setSeed(input.seed === undefined ? "" : String(input.seed));
    if (pending.start) void start(input);
    else promptInput.current?.focus();
  }, [session.pendingRun]);

  const cancel = async () => {
    if (!run) return;
    setCanceling(true);
    try {
      await api.cancel(run.id);
    } catch (error) {
      update(run.id, () => ({ streamError: error instanceof ApiError ? error : new ApiError(String(error), "error", undefined) }));
    } finally {
      setCanceling(false);
    }
  };

  // A generation that ends says so in the live region, and focus moves to its result when it was
  // nowhere in particular (<body>: the Generate button it was on got disabled; the screen's heading,
  // after "Run again" in History) or in the result: the next Tab reaches Download (or "Generate
  // again"). Focus the person moved elsewhere (typing the next prompt) stays.
  useEffect(() => {
    if (!run || (run.phase !== "succeeded" && run.phase !== "failed") || settled.current === run.id) return;
    settled.current = run.id;
    const asset = run.result?.assets[0];
    if (run.phase === "succeeded" && asset) {
      setAnnouncement(`Done: “${run.input.prompt}”, ${asset.width} × ${asset.height}, seed ${run.result!.seed}. Ready to download.`);
    } else {
      setAnnouncement(""); // the failure's own alert speaks
    }
    const card = resultCard.current;
    const focused = document.activeElement;
    const adrift =
      !focused || focused === document.body || (focused as HTMLButtonElement).disabled === true || focused.matches("#gen-form [type=submit], [data-view] h1");
    if (active && card && (adrift || card.contains(focused))) card.focus();
  }, [run, active]);

  const param = startError instanceof ApiError ? startError.param : undefined;
  const fieldOf = (p: string | undefined) => (p === "prompt" || p === "messages" ? "prompt" : p === "agentId" ? "agent" : p === "width" || p === "height" ? "size" : p === "seed" ? "seed" : p === "transparent" ? "transparent" : undefined);
  const errorField = fieldOf(param);
  const coolingDown = retryAt > Date.now();
  const busy = starting || run?.phase === "queued" || run?.phase === "running";
  const price = agent?.credits ?? 0;
  const short = session.balance < price;

  return (
    <section class="view">
      <header class="view-head">
        <div>
          <h1 tabIndex={-1}>Generate</h1>
          <p class="muted">Describe a sprite, an icon or a texture. Same prompt and seed, same pixels.</p>
        </div>
      </header>

      <div class="generate-grid">
        <form id="gen-form" class="card form-card" onSubmit={submit} aria-label="Generation settings">
          <div class="field">
            <label for="gen-prompt">Prompt</label>
            <textarea
              id="gen-prompt"
              ref={promptInput}
              rows={3}
              maxLength={4000}
              placeholder="e.g. a blue mana potion with a cork, glowing"
              value={prompt}
              onInput={(e) => setPrompt(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit(e);
              }}
              aria-invalid={errorField === "prompt" ? "true" : undefined}
              aria-describedby="gen-prompt-hint"
            />
            <div class="field-foot">
              <p class="hint" id="gen-prompt-hint">
                Colour, subject and style words steer it. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> generates.
              </p>
            </div>
            {errorField === "prompt" ? <ErrorNote error={startError} /> : null}
            <div class="chips" role="group" aria-label="Examples">
              {examples.map((ex) => (
                <button
                  type="button"
                  class="chip"
                  key={ex.prompt}
                  onClick={() => {
                    setPrompt(ex.prompt);
                    chooseAgent(ex.agentId);
                    promptInput.current?.focus();
                  }}
                >
                  {ex.prompt}
                </button>
              ))}
            </div>
          </div>

          <div class="field">
            <label for="gen-agent">Agent</label>
            <div class="select">
              <select id="gen-agent" value={agentId} onChange={(e) => chooseAgent(e.currentTarget.value)} aria-describedby="gen-agent-hint">
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {agentOption(a)}
                  </option>
                ))}
              </select>
            </div>
            <p class="hint" id="gen-agent-hint">
              {agent ? <span class="hint-strong">{sizeRange(agent)}.</span> : null} {agent?.description}
            </p>
            {errorField === "agent" ? <ErrorNote error={startError} /> : null}
          </div>

          <div class="field-row">
            <div class="field">
              <label for="gen-size">Size</label>
              <div class="select">
                <select id="gen-size" value={size} onChange={(e) => setSize(e.currentTarget.value)}>
                  {sizes.map((s) => (
                    <option key={sizeKey(s)} value={sizeKey(s)}>
                      {s.width} × {s.height}
                      {agent && sizeKey(s) === sizeKey(agent.defaultSize) ? " (default)" : ""}
                    </option>
                  ))}
                </select>
              </div>
              {errorField === "size" ? <ErrorNote error={startError} /> : null}
            </div>
            <div class="field">
              <label for="gen-seed">Seed</label>
              <div class="input-with-button">
                <input
                  id="gen-seed"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={2147483647}
                  step={1}
                  placeholder="Random"
                  value={seed}
                  onInput={(e) => setSeed(e.currentTarget.value)}
                  aria-invalid={errorField === "seed" ? "true" : undefined}
                />
                <button
                  type="button"
                  class="icon-button"
                  aria-label="Randomize"
                  title="Pick a random seed"
                  onClick={() => setSeed(String(Math.floor(Math.random() * 2147483647)))}
                >
                  <Icon name="dice" />
                </button>
              </div>
              {errorField === "seed" ? <ErrorNote error={startError} /> : null}
            </div>
          </div>

          <div class="field">
            <label class={`toggle${canTransparent ? "" : " is-disabled"}`} for="gen-transparent">
              <input
                id="gen-transparent"
                type="checkbox"
                checked={effectiveTransparent}
                disabled={!canTransparent}
                onChange={(e) => setTransparent(e.currentTarget.checked)}
                aria-describedby="gen-transparent-hint"
              />
              <span class="toggle-track" aria-hidden="true" />
              <span>Transparent background</span>
            </label>
            <p class="hint" id="gen-transparent-hint">
              {canTransparent ? "PNG with an alpha channel, ready to drop into a scene." : `${agent?.name ?? "This agent"} always draws an opaque image.`}
            </p>
            {errorField === "transparent" ? <ErrorNote error={startError} /> : null}
          </div>

          <div class="submit-row">
            <Button type="submit" variant="primary" class="btn-block btn-lg" busy={starting} disabled={coolingDown || busy} aria-describedby="gen-price">
              <Icon name="sparkles" />
              Generate
            </Button>
            <p class={`price${short ? " price-short" : ""}`} id="gen-price">
              Costs {plural(price, "credit")} · balance {session.balance.toLocaleString("en-US")}
            </p>
            {startError && !errorField ? <ErrorNote error={startError} /> : null}
          </div>
        </form>

        <ResultCard cardRef={resultCard} run={run} onAgain={again} onCancel={cancel} canceling={canceling} disabled={busy || coolingDown} />
      </div>
      <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="generate-announcer">
        {announcement}
      </p>
    </section>
  );
}

function ResultCard({ cardRef, run, onAgain, onCancel, canceling, disabled }: {
  cardRef: RefObject<HTMLElement | null>;
  run: Run | null;
  onAgain(): void;
  onCancel(): void;
  canceling: boolean;
  disabled: boolean;
}) {
  const seconds = useMemo(() => (run?.finishedAt ? ((run.finishedAt - run.startedAt) / 1000).toFixed(1) : undefined), [run?.finishedAt, run?.startedAt]);

  if (!run) {
    return (
      <section ref={cardRef} class="card result-card result-empty" aria-label="Result" tabIndex={-1}>
        <div class="empty-art" aria-hidden="true">
          <Icon name="image" size={40} />
        </div>
        <h2>Your asset appears here</h2>
        <p class="muted">Progress shows here stage by stage as the agent reports it, with previews when the agent sends them.</p>
      </section>
    );
  }

  const asset = run.result?.assets[0];
  const prompt = run.input.prompt;
  const done = run.phase === "succeeded" && asset;
  const running = run.phase === "queued" || run.phase === "running";

  return (
    <section ref={cardRef} class="card result-card" aria-label="Result" aria-busy={running ? "true" : "false"} tabIndex={-1}>
      <div class="result-head">
        <div class="result-title">
          <span class={`status status-${run.phase}`} data-testid="run-status">
            {stageLabel(run)}
          </span>
          <span class="percent" data-testid="run-percent">
            {run.percent} %
          </span>
          <span class="muted small">
            {run.input.agentId} · {run.input.width}×{run.input.height}
            {seconds ? ` · ${seconds} s` : ""}
          </span>
        </div>
        {running ? (
          <Button small variant="ghost" icon="x" busy={canceling} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>

      <div
        class="progress"
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
        aria-valuetext={`${run.percent}% · ${stageLabel(run)}`}
      >
        <div class={`progress-bar${run.phase === "failed" ? " is-failed" : ""}`} style={{ width: `${run.percent}%` }} />
      </div>
      {run.stages.length > 0 ? (
        <ol class="stage-log" aria-label="Stages">
          {run.stages.map((stage, i) => (
            <li key={i} class={running && i === run.stages.length - 1 ? "is-current" : undefined}>
              {stage.text} <span class="stage-percent">{stage.percent} %</span>
            </li>
          ))}
        </ol>
      ) : null}

      {done ? (
        <>
          <AssetImage src={asset.url} alt={prompt} transparent={run.result!.transparent} width={asset.width} height={asset.height} class="stage-lg" />
          <div class="result-info">
          <p class="result-prompt">{prompt}</p>
          <dl class="meta">
            <div>
              <dt>Seed</dt>
              <dd class="mono">{run.result!.seed}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>
                {asset.width} × {asset.height}
              </dd>
            </div>
            <div>
              <dt>Charged</dt>
              <dd>{plural(run.result!.credits?.charged ?? 0, "credit")}</dd>
            </div>
          </dl>
          </div>
          <div class="actions">
            <a class="btn btn-primary" href={asset.url} download={fileName(prompt, run.result!.seed)}>
              <Icon name="download" size={17} />
              Download
            </a>
            <CopyButton text={String(run.result!.seed)} label="Copy seed" />
            <Button icon="refresh" onClick={onAgain} disabled={disabled} title="Same prompt and settings, a new seed">
              Generate again
            </Button>
          </div>
        </>
      ) : run.phase === "failed" ? (
        <div class="result-failed">
          <div class="stage stage-lg stage-message">
            <Icon name="alert" size={36} />
          </div>
          <p class="error-note" role="alert">
            <Icon name="alert" size={16} />
            <span>
              {run.failure?.message}
              {run.failure?.refunded ? <span class="error-extra"> {plural(run.failure.refunded, "credit")} refunded.</span> : null}
            </span>
          </p>
          <div class="actions">
            <Button icon="refresh" onClick={onAgain} disabled={disabled}>
              Generate again
            </Button>
          </div>
        </div>
      ) : (
        <div class="stage-wrap">
          {run.preview ? (
            <AssetImage src={run.preview.src} alt={`Preview of ${prompt}`} transparent={run.input.transparent} width={run.preview.width} height={run.preview.height} class="stage-lg is-preview" />
          ) : (
            <div class={`stage stage-lg stage-waiting${run.input.transparent ? " checker" : ""}`}>
              <Spinner />
            </div>
          )}
          <p class="result-prompt muted">{prompt}</p>
          {run.previews > 0 ? <p class="small muted">{plural(run.previews, "preview")} so far</p> : null}
        </div>
      )}
      {run.streamError && run.phase !== "succeeded" ? <ErrorNote error={run.streamError} /> : null}
    </section>
  );
}
