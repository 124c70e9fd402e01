import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, withExportMap } from "../api";
import type { GenerateInput, Generation } from "../contract";
import type { PaletteInput } from "../palette";
import { followGeneration } from "../live";
import { useSession } from "../state";
import { failedBy, finished, newRun, progressed, runTitle, type Run } from "./generation-run";

/**
 * The Generate screen's one generation at a time: starting it (and why it could not start), its
 * live events (progress stages, previews, result or failure; polling when the stream breaks),
 * canceling it, and what a person hears and where focus goes when it ends. `active`: the screen
 * is the one shown (focus moves only then).
 */
export function useGeneration(active: boolean) {
  const session = useSession();
  const { setBalance, refreshBalance } = session;
  const [run, setRun] = useState<Run | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [recolorError, setRecolorError] = useState<unknown>(null);
  const [retryAt, setRetryAt] = useState(0);
  const [canceling, setCanceling] = useState(false);
  // What the live region says (a generation started, ended); it stays in the page so it is announced.
  const [announcement, setAnnouncement] = useState("");
  const stopStream = useRef<(() => void) | undefined>(undefined);
  const resultCard = useRef<HTMLElement>(null);
  const settled = useRef<string | undefined>(undefined);

  useEffect(() => () => stopStream.current?.(), []);

  // A 429 keeps the button off until the wait is over.
  useEffect(() => {
    if (retryAt <= Date.now()) return;
    const timer = setTimeout(() => setRetryAt(0), retryAt - Date.now());
    return () => clearTimeout(timer);
  }, [retryAt]);

  /** Applies `patch` to the run `id` if it is still the current one (undefined: nothing changes). */
  const update = (id: string, patch: (run: Run) => Partial<Run> | undefined) =>
    setRun((current) => {
      if (!current || current.id !== id) return current;
      const changes = patch(current);
      return changes ? { ...current, ...changes } : current;
    });

  const follow = (generation: Generation, input: GenerateInput, recolorOf?: string) => {
    stopStream.current?.();
    const id = generation.id;
    setRun({ ...newRun(generation, input), ...(recolorOf ? { recolorOf } : {}) });
    setRecolorError(null);
    setAnnouncement(recolorOf ? `Recolouring “${runTitle(input)}”…` : `Generating “${runTitle(input)}”…`);

    const finish = (g: Generation) => {
      if (g.credits) setBalance(g.credits.balance);
      update(id, () => finished(g));
      void refreshBalance();
    };

    stopStream.current = followGeneration(id, {
      onEvent(event) {
        if (event.type === "generation.completed") return finish({ ...withExportMap(event.data as unknown as Generation), status: "succeeded" });
        if (event.type === "generation.failed") {
          const { patch, balance } = failedBy(event.data);
          if (balance !== undefined) setBalance(balance);
          update(id, () => patch);
          void refreshBalance();
          return;
        }
        update(id, (r) => progressed(r, event));
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

  /** Starts a generation (`submit`) and follows it; a refusal goes to `setError`. True when it started. */
  const launch = async (submit: () => Promise<Generation>, input: GenerateInput, setError: (error: unknown) => void, recolorOf?: string) => {
    if (starting) return false;
    setError(null);
    setStarting(true);
    try {
      const generation = await submit();
      if (generation.credits) setBalance(generation.credits.balance);
      follow(generation, input, recolorOf);
      // One column (phones): bring the live result into view.
      if (matchMedia("(max-width: 1080px)").matches) {
        requestAnimationFrame(() => resultCard.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
      }
      return true;
    } catch (error) {
      setError(error);
      if (error instanceof ApiError && error.code === "insufficient_credits" && typeof error.details.balance === "number") setBalance(error.details.balance);
      if (error instanceof ApiError && error.code === "rate_limited") setRetryAt(Date.now() + (error.retryAfter ?? 10) * 1000);
      if (error instanceof ApiError && error.code === "unauthenticated") session.signedOut();
      return false;
    } finally {
      setStarting(false);
    }
  };

  const start = (input: GenerateInput) => launch(() => api.generate(input), input, setStartError);

  /** A palette swap of the finished result: a new generation of its asset on `palette`, followed like any other. */
  const recolor = async (palette: PaletteInput) => {
    const asset = run?.phase === "succeeded" ? run.result?.assets[0] : undefined;
    if (!run || !asset) return false;
    return launch(() => api.recolor(asset.id, palette), { ...run.input, palette }, setRecolorError, asset.id);
  };

  /** The last run's settings again, with a new seed. */
  const again = () => {
    if (!run) return;
    const { seed: _, ...rest } = run.input;
    void start(rest);
  };

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
      const fallback = run.result?.interpretation?.fallback ? " The agent knew no subject in it: this is a random design." : "";
      const layout = asset.layout;
      const frames = layout?.kind === "sheet" ? layout.animations.reduce((sum, row) => sum + row.frames, 0) : 0;
      const what =
        layout?.kind === "tileset"
          ? `a tileset of ${layout.tiles.length} tiles, ${asset.width} × ${asset.height}`
          : frames
            ? `a sprite sheet of ${frames} frames, ${asset.width} × ${asset.height}`
            : `${asset.width} × ${asset.height}`;
      setAnnouncement(`Done: “${runTitle(run.input)}”, ${what}, seed ${run.result!.seed}. Ready to download.${fallback}`);
    } else {
      setAnnouncement(""); // the failure's own alert speaks
    }
    const card = resultCard.current;
    const focused = document.activeElement;
    const adrift =
      !focused || focused === document.body || (focused as HTMLButtonElement).disabled === true || focused.matches("#gen-form [type=submit], [data-view] h1");
    if (active && card && (adrift || card.contains(focused))) card.focus();
  }, [run, active]);

  return {
    run,
    /** The request that starts a generation is on its way. */
    starting,
    /** Why the last start failed (an ApiError naming a field in `param`, or anything thrown). */
    startError,
    /** Why the last recolour could not start (an ApiError naming `palette`, or anything thrown). */
    recolorError,
    /** Shows a refusal the form found itself (an empty prompt) as a start error. */
    refuse: setStartError,
    /** A 429's wait is not over. */
    coolingDown: retryAt > Date.now(),
    /** Starting, or a generation is under way. */
    busy: starting || run?.phase === "queued" || run?.phase === "running",
    canceling,
    announcement,
    resultCard,
    start,
    again,
    recolor,
    cancel,
  };
}
