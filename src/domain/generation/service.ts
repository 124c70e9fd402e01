import { randomInt } from "node:crypto";
import { z } from "zod";
import type { PrismaClient } from "../../infra/db/database.js";
import type { EventBus, GenerationEventMessage } from "../../infra/events/bus.js";
import type { JobQueue } from "../../infra/queue/queue.js";
import { agentSizes, type AgentService } from "../agents/agents.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import { insufficientCredits } from "../credits/credits.js";
import { AppError } from "../errors.js";
import { newId } from "../ids.js";
import { parseInput } from "../validation.js";
import { generateInput, type GenerateInput } from "./schemas.js";
import type { GenerationStore } from "./store.js";
import { generationView, type GenerationView } from "./view.js";

export const terminalEvents = new Set(["generation.completed", "generation.failed"]);

export interface GenerationDeps {
  prisma: PrismaClient;
  store: GenerationStore;
  bus: EventBus;
  queue: JobQueue;
  agents: AgentService;
  /**
   * How often an idle stream re-reads the database in case a publish was missed: only a bus that
   * crosses processes (Redis) can drop one. Undefined: never (the in-process bus loses nothing).
   */
  healEveryMs?: number;
}

export function createGenerationService({ prisma, store, bus, queue, agents, healEveryMs }: GenerationDeps) {
  const notFound = () => new AppError("not_found", "No such generation.");

  async function load(accountId: string, id: string) {
    const g = await prisma.generation.findFirst({ where: { id, accountId } });
    if (!g) throw notFound();
    return g;
  }

  async function view(accountId: string, id: string, withB64 = true): Promise<GenerationView> {
    const [g, account] = await Promise.all([
      prisma.generation.findFirst({ where: { id, accountId }, include: { assets: true } }),
      prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { balance: true } }),
    ]);
    if (!g) throw notFound();
    return generationView(g, g.assets, account.balance, withB64);
  }

  /** Validates the request against the agent: sizes, transparency, defaults. */
  async function plan(input: GenerateInput) {
    const agent = await agents.resolve(input.agentId);
    const transparent = input.transparent ?? false;
    if (transparent && !agent.supportsTransparent) {
      throw new AppError("unsupported_option", `The agent ${agent.id} cannot make transparent assets.`, { param: "transparent" });
    }
    const sizes = agentSizes(agent);
    let size = { width: agent.defaultWidth, height: agent.defaultHeight };
    if (input.width !== undefined || input.height !== undefined) {
      const match = sizes.filter((s) => (input.width ?? s.width) === s.width && (input.height ?? s.height) === s.height);
      if (match.length !== 1) {
        throw new AppError(
          "invalid_request",
          `The agent ${agent.id} makes ${sizes.map((s) => `${s.width}×${s.height}`).join(", ")}.`,
          { param: input.width !== undefined && !sizes.some((s) => s.width === input.width) ? "width" : "height", details: { sizes } },
        );
      }
      size = match[0]!;
    }
    return { agent, transparent, size, seed: input.seed ?? randomInt(0, 2 ** 31 - 1) };
  }

  return {
    /**
     * Accepts a generation: validates, reserves the price (402 when the balance is short: nothing
     * written) and queues the job. Resolves to the queued generation.
     */
    async submit(
      viewer: AuthenticatedViewer,
      raw: unknown,
      options: { idempotencyRecordId?: string } = {},
    ): Promise<GenerationView> {
      const input = parseInput(generateInput, raw);
      const { agent, transparent, size, seed } = await plan(input);
      const row = {
        id: newId("gen"),
        agentId: agent.id,
        prompt: input.prompt ?? null,
        messages: input.messages ?? null,
        transparent,
        seed,
        width: size.width,
        height: size.height,
        cost: agent.credits,
      };
      const reserved = await store.reserve({
        ...row,
        accountId: viewer.user.accountId,
        apiKeyId: viewer.kind === "api_key" ? viewer.apiKeyId : null,
        idempotencyRecordId: options.idempotencyRecordId ?? null,
      });
      if (reserved === undefined) {
        const current = await prisma.account.findUnique({ where: { id: viewer.user.accountId }, select: { balance: true } });
        throw insufficientCredits(agent.credits, current?.balance ?? 0);
      }
      await queue.enqueue(row.id);
      // Everything the view needs is known: no read-back.
      return generationView(
        { ...row, status: "queued", creditState: "reserved", createdAt: reserved.createdAt, startedAt: null, completedAt: null, errorCode: null, errorMessage: null },
        [],
        reserved.balance,
      );
    },

    get: (viewer: AuthenticatedViewer, id: string) => view(viewer.user.accountId, id),

    async list(viewer: AuthenticatedViewer, page: { first: number; after?: string }) {
      const first = parseInput(z.number().int().min(1, "Must be at least 1.").max(100, "Must be at most 100."), page.first);
      const cursor = page.after ? await prisma.generation.findFirst({ where: { id: page.after, accountId: viewer.user.accountId } }) : undefined;
      if (page.after && !cursor) throw new AppError("invalid_request", "The cursor is not one this API gave.", { param: "after" });
      const rows = await prisma.generation.findMany({
        where: {
          accountId: viewer.user.accountId,
          ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: first + 1,
        include: { assets: { select: { id: true, mimeType: true, width: true, height: true, byteLength: true, sha256: true } } },
      });
      const balance = (await prisma.account.findUniqueOrThrow({ where: { id: viewer.user.accountId } })).balance;
      return {
        nodes: rows.slice(0, first).map((g) => generationView(g, g.assets, balance, false)),
        hasNextPage: rows.length > first,
      };
    },

    /** Cancels a queued or running generation, refunding it (no asset is ever kept for it). */
    async cancel(viewer: AuthenticatedViewer, id: string): Promise<GenerationView> {
      const event = await store.fail(id, {
        status: "canceled",
        accountId: viewer.user.accountId,
        error: { code: "canceled", message: "The generation was canceled; its credits were refunded.", retryable: false },
      });
      if (!event) await load(viewer.user.accountId, id); // 404 if not ours; else it was already over
      return view(viewer.user.accountId, id);
    },

    /** The owner check for streams and subscriptions: 404 unless the generation is the viewer's. */
    async assertOwner(viewer: AuthenticatedViewer, id: string): Promise<void> {
      await load(viewer.user.accountId, id);
    },

    /**
     * The generation's events after `after`: the stored ones first, then live ones, ending with
     * the terminal event. It listens before it reads, so nothing falls in between; order is the
     * sequence number, whatever order the bus delivers in.
     */
    async *events(id: string, after = 0, signal?: AbortSignal): AsyncGenerator<GenerationEventMessage> {
      const pending: GenerationEventMessage[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = await bus.subscribe(id, (message) => {
        pending.push(message);
        wake?.();
      });
      const onAbort = () => wake?.();
      signal?.addEventListener("abort", onAbort);
      try {
        let last = after;
        const deliver = function* (messages: GenerationEventMessage[]) {
          for (const m of messages.sort((a, b) => a.seq - b.seq)) {
            if (m.seq <= last) continue;
            last = m.seq;
            yield m;
          }
        };
        for (const m of deliver(await store.eventsAfter(id, after))) {
          yield m;
          if (terminalEvents.has(m.type)) return;
        }
        while (!signal?.aborted) {
          if (pending.length === 0) {
            let timer: NodeJS.Timeout | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              if (healEveryMs !== undefined) timer = setTimeout(resolve, healEveryMs);
            });
            clearTimeout(timer);
            wake = undefined;
          }
          if (signal?.aborted) return;
          // Live events that continue the sequence are delivered as they are; a gap (or, across
          // processes, a quiet spell) is healed from the database, so a missed publish loses nothing.
          const batch = pending.splice(0);
          const contiguous = batch.length > 0 && Math.min(...batch.map((m) => m.seq)) <= last + 1;
          const messages = contiguous ? batch : [...batch, ...(await store.eventsAfter(id, last))];
          for (const m of deliver(messages)) {
            yield m;
            if (terminalEvents.has(m.type)) return;
          }
        }
      } finally {
        signal?.removeEventListener("abort", onAbort);
        unsubscribe();
      }
    },

    /**
     * Resolves when the viewer's generation `id` (ownership checked by the caller) is over, or
     * `timeoutMs` passed, or `stop` fired, with its view. A success is answered from the
     * `generation.completed` event itself, which carries the whole generation.
     */
    async waitForEnd(viewer: AuthenticatedViewer, id: string, timeoutMs: number, stop?: AbortSignal): Promise<GenerationView> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const onStop = () => controller.abort();
      stop?.addEventListener("abort", onStop, { once: true });
      try {
        for await (const m of this.events(id, 0, controller.signal)) {
          if (m.type === "generation.completed") return m.data as unknown as GenerationView;
          if (terminalEvents.has(m.type)) break;
        }
      } finally {
        clearTimeout(timer);
        stop?.removeEventListener("abort", onStop);
      }
      return view(viewer.user.accountId, id);
    },

    async asset(viewer: AuthenticatedViewer, id: string) {
      const asset = await prisma.asset.findFirst({ where: { id, accountId: viewer.user.accountId } });
      if (!asset) throw new AppError("not_found", "No such asset.");
      return asset;
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
