/**
 * A budget in pixels for the work that holds whole images in memory (decoding, drawing, encoding, storing): a
 * piece of work asks for its pixels and waits its turn while the budget is spent, so that many large requests
 * queue instead of exhausting memory (contract section 12). Turns are first come, first served, except for small
 * pieces (at most `smallPixels`, a 1000 × 1000 picture): they have a lane of their own (`4 × smallPixels`) beside
 * the budget, which large work never takes, and go ahead of a large piece still waiting, so a 64 × 64 sprite never
 * waits for a 3584 × 3584 tileset. A large piece larger than the whole budget runs alone among large ones. At most
 * `max(capacity, the largest piece) + 4 × smallPixels` pixels are held at once.
 */
export class PixelBudget {
  #capacity: number;
  #inUse = 0;
  #smallInUse = 0;
  #largeRunning = 0;
  readonly #waiting: { pixels: number; admit: () => void }[] = [];

  constructor(
    capacity: number,
    readonly smallPixels = 1_000_000,
  ) {
    this.#capacity = capacity;
  }

  /** Sets the budget (PIXEL_BUDGET_MP); work already admitted keeps its pixels. */
  configure(capacity: number): void {
    this.#capacity = capacity;
    this.#drain();
  }

  get capacity(): number {
    return this.#capacity;
  }

  /** Pixels held by work that runs now. */
  get inUse(): number {
    return this.#inUse;
  }

  /** Pieces of work waiting for their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` once `pixels` fit in the budget, and gives them back when it ends (or throws). `signal` ends a wait. */
  async run<T>(pixels: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const needed = Math.max(0, Math.ceil(pixels));
    await this.#acquire(needed, signal);
    try {
      return await work();
    } finally {
      this.#give(needed);
    }
  }

  /**
   * Takes `pixels` now if they fit (a small piece also past work waiting in `run`), giving back the function that
   * returns them; undefined when they do not fit. For work that would rather step aside than wait holding a slot
   * (a queued job goes back to its queue and tries again).
   */
  tryTake(pixels: number): (() => void) | undefined {
    const needed = Math.max(0, Math.ceil(pixels));
    if (!((this.#waiting.length === 0 || needed <= this.smallPixels) && this.#fits(needed))) return undefined;
    this.#take(needed);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#give(needed);
    };
  }

  #fits(pixels: number): boolean {
    if (this.#inUse + pixels <= this.#capacity) return true;
    return pixels <= this.smallPixels ? this.#smallInUse + pixels <= 4 * this.smallPixels : this.#largeRunning === 0;
  }

  #acquire(pixels: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const jumps = pixels <= this.smallPixels;
    if ((this.#waiting.length === 0 || jumps) && this.#fits(pixels)) {
      this.#take(pixels);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        pixels,
        admit: () => {
          signal?.removeEventListener("abort", onAbort);
          this.#take(pixels);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        this.#drain();
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  #take(pixels: number): void {
    this.#inUse += pixels;
    if (pixels <= this.smallPixels) this.#smallInUse += pixels;
    else this.#largeRunning += 1;
  }

  #give(pixels: number): void {
    this.#inUse -= pixels;
    if (pixels <= this.smallPixels) this.#smallInUse -= pixels;
    else this.#largeRunning -= 1;
    this.#drain();
  }

  /** Admits waiting work in order while it fits; small work that fits goes past a large piece that does not. */
  #drain(): void {
    for (let i = 0; i < this.#waiting.length; ) {
      const entry = this.#waiting[i]!;
      if (this.#fits(entry.pixels) && (i === 0 || entry.pixels <= this.smallPixels)) {
        this.#waiting.splice(i, 1);
        entry.admit();
        continue;
      }
      i += 1;
    }
  }
}
