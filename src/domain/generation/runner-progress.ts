import type { AgentImage } from "../../agents/index.js";
import { startedEvent, type GenerationRecord, type GenerationStore, type PendingEvent } from "./store.js";

export interface ProgressOptions {
  id: string;
  store: Pick<GenerationStore, "start" | "append">;
  /** At most one report stored per this many ms (besides the first, those with a preview, and 100 %). */
  everyMs: number;
  /**
   * The job came with its queued row (runner.ts): its start is held too, as the first event held,
   * and stored with the completion, or with the first progress stored when the generation runs longer.
   */
  heldStart: boolean;
  /** The percent the stream already reached (a resumed attempt): it never goes back. */
  percent: number;
  /** Told the held start was stored: the row as the database started it. */
  onStarted(g: GenerationRecord): void;
  /** Told the generation is no longer queued or running (canceled, or failed elsewhere). */
  onGone(): void;
}

/** The driver's progress callback (AgentContext.report) and what the runner does with what it holds. */
export interface HeldProgress {
  report(value: number, stage: string, preview?: AgentImage, force?: boolean): Promise<void>;
  /** The percent reached (the last report's, never less than the stream's). */
  readonly percent: number;
  /** Stores what is held (in order, after any write in flight) and stops holding. */
  flush(): Promise<void>;
  /**
   * Stops the hold's timer and waits for the writes in flight; returns what is still held (a fast
   * generation's events, the held start first if any): the completion stores them.
   */
  release(): Promise<PendingEvent[]>;
  /** Stops the hold's timer (the attempt ended). */
  stop(): void;
}

/**
 * A generation's progress as the runner stores it: at the first report, with every preview (kept
 * with its stage, however fast the drawing: drivers send few, a procedural drawing one, a model at
 * most its `partialImages`), at 100 % and at most once per `everyMs` between. A fast generation's progress is held back and stored with
 * the statement that completes it (one statement instead of one per event); once the generation
 * has run `everyMs`, what is held is stored, and later progress is stored as it comes (also the
 * job's heartbeat).
 */
export function holdProgress(options: ProgressOptions): HeldProgress {
  const { id, store, everyMs } = options;
  let percent = options.percent;
  let lastEmit: number | undefined;
  const runStart = performance.now();
  /** The events held back; undefined once the hold is over (each report is then stored at once). */
  let held: PendingEvent[] | undefined = options.heldStart ? [startedEvent(id)] : [];
  let writing = Promise.resolve();

  const flush = () => {
    const events = held ?? [];
    held = undefined;
    clearTimeout(holdTimer);
    writing = writing.then(async () => {
      for (const e of events) {
        if (e.type === "generation.started") {
          // The held start: queued → running, with its event (undefined: canceled meanwhile).
          const started = await store.start(id);
          if (!started) return options.onGone();
          options.onStarted(started);
          continue;
        }
        const alive = await store.append(id, e.type, e.data);
        if (!alive) return options.onGone(); // no longer running: canceled or failed elsewhere
      }
    });
    return writing;
  };
  const holdTimer: NodeJS.Timeout = setTimeout(() => void flush().catch(() => undefined), everyMs);

  const report = async (value: number, stage: string, preview?: AgentImage, force = false) => {
    percent = Math.min(100, Math.max(percent, Math.round(value)));
    const now = performance.now();
    if (!force && !preview && lastEmit !== undefined && percent < 100 && now - lastEmit < everyMs) return;
    lastEmit = now;
    const events: PendingEvent[] = [{ type: "generation.progress", data: { id, percent, stage } }];
    if (preview) events.push({ type: "generation.preview", data: { id, b64: preview.png.toString("base64"), width: preview.width, height: preview.height } });
    if (held && now - runStart < everyMs) return void held.push(...events);
    if (held) held.push(...events);
    else held = events;
    await flush();
  };

  return {
    report,
    get percent() {
      return percent;
    },
    flush,
    async release() {
      clearTimeout(holdTimer);
      await writing;
      return held ?? [];
    },
    stop: () => clearTimeout(holdTimer),
  };
}
