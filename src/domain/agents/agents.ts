import type { AgentDriver, AgentEntry, AgentInput, AgentKnowledge, Catalog } from "../../agents/index.js";
import { AppError } from "../../contract/errors.js";
import type { AgentView } from "../../contract/schemas/agents.js";
import type { Agent } from "../../generated/prisma/client.js";
import type { PrismaClient } from "../../infra/db/database.js";

export type { Agent } from "../../generated/prisma/client.js";

/** An agent as the generation flow needs it: the catalog's entry, with the price and switch of its row. */
export interface ResolvedAgent extends AgentEntry {
  credits: number;
}

export function agentSizes(agent: Agent): AgentView["sizes"] {
  return agent.sizes as unknown as AgentView["sizes"];
}

/** An agent as callers see it; `knows` for an agent whose driver reads the prompt itself (procedural). */
export function toAgentView(
  agent: Agent,
  knows?: AgentKnowledge,
  driver?: Pick<AgentDriver, "sheets" | "tilesets">,
  inputs: readonly AgentInput[] = ["prompt"],
): AgentView {
  const sheets = driver?.sheets;
  const tilesets = driver?.tilesets;
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    credits: agent.credits,
    supportsTransparent: agent.supportsTransparent,
    sizes: agentSizes(agent),
    defaultSize: { width: agent.defaultWidth, height: agent.defaultHeight },
    formats: agent.formats,
    outputs: ["image", ...(sheets ? (["sheet"] as const) : []), ...(tilesets ? (["tileset"] as const) : [])],
    inputs: [...inputs],
    ...(sheets
      ? {
          sheet: {
            framesPerAnimation: { ...sheets.framesPerAnimation },
            directions: [1, 4, 8],
            maxSidePx: sheets.maxSidePx,
            creditsPer8Frames: agent.credits,
          },
        }
      : {}),
    ...(tilesets ? { tileset: { layouts: [...tilesets.layouts], maxTerrains: 2, creditsPer16Tiles: agent.credits } } : {}),
    ...(knows ? { knows } : {}),
  };
}

/**
 * The catalog's agents as callers see them: the rows hold what admins own (`credits`, `enabled`).
 * `cacheMs`: how long `resolve` (the generation hot path) may reuse a row it read, so an admin's
 * change of price or `enabled` applies within that time without a restart. Listing never caches.
 */
export function createAgentService(prisma: PrismaClient, catalog: Catalog, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? 5_000;
  const cache = new Map<string, { agent: Agent | null; at: number }>();
  const ids = catalog.entries.map((e) => e.id);
  const read = async (id: string): Promise<Agent | null> => {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < cacheMs) return hit.agent;
    const agent = catalog.entry(id) ? await prisma.agent.findUnique({ where: { id } }) : null;
    if (cache.size > 1000) cache.clear(); // unknown ids must not grow it without bound
    cache.set(id, { agent, at: Date.now() });
    return agent;
  };
  const byCatalogOrder = (a: Agent, b: Agent) => ids.indexOf(a.id) - ids.indexOf(b.id);

  return {
    catalog,

    /** Enabled agents, in catalog order. */
    async list(): Promise<Agent[]> {
      const rows = await prisma.agent.findMany({ where: { enabled: true, id: { in: ids } } });
      return rows.sort(byCatalogOrder);
    },

    /** What the agent `id` understands of prompts (procedural drivers), else undefined. */
    knows(id: string): AgentKnowledge | undefined {
      return catalog.driver(id)?.knows?.();
    },

    /** An enabled agent's row as callers see it, with what it knows. */
    view(agent: Agent): AgentView {
      return toAgentView(agent, this.knows(agent.id), catalog.driver(agent.id), catalog.entry(agent.id)?.inputs);
    },

    /** The same without what it knows: its sizes, outputs and offers (GraphQL's fields, each read apart). */
    outline(agent: Agent): AgentView {
      return toAgentView(agent, undefined, catalog.driver(agent.id), catalog.entry(agent.id)?.inputs);
    },

    /** The enabled agents that take the caller's picture (`inputs` with "image"), in catalog order. */
    async takingImages(): Promise<string[]> {
      return (await this.list()).filter((a) => catalog.entry(a.id)?.inputs.includes("image")).map((a) => a.id);
    },

    /** The default agent's id, or null when an admin disabled it (callers must then name one). */
    async defaultAgentId(): Promise<string | null> {
      const agent = await read(catalog.defaultAgentId);
      return agent?.enabled ? agent.id : null;
    },

    /** The enabled agent `id` (or the default one), else 400 naming the problem. */
    async resolve(id: string | undefined): Promise<ResolvedAgent> {
      const wanted = id ?? catalog.defaultAgentId;
      const agent = await read(wanted);
      if (!agent?.enabled) {
        const others = (await this.list()).map((a) => a.id);
        if (id === undefined) {
          throw new AppError(
            "invalid_request",
            `There is no default agent right now (${wanted} is disabled); name one with agentId: ${others.join(", ") || "none is enabled"}.`,
            {
              param: "agentId",
              details: { agents: others },
            },
          );
        }
        throw new AppError("unknown_agent", `No agent is called ${JSON.stringify(id)}. Use one of: ${others.join(", ")} (GET /api/ai/agents lists them).`, {
          param: "agentId",
          details: { agents: others },
        });
      }
      return { ...catalog.entry(agent.id)!, credits: agent.credits };
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * Writes the catalog into the database. Descriptive fields follow the catalog; `enabled` belongs
 * to admins once the row exists; `credits` follows the catalog until an admin changes it (while
 * it still equals `catalog_credits`, the price the catalog last set).
 */
export async function syncAgents(prisma: PrismaClient, catalog: Catalog): Promise<void> {
  await prisma.$transaction(
    catalog.entries.map(
      (entry, index) =>
        prisma.$executeRaw`
        INSERT INTO "agents" ("id", "name", "description", "credits", "catalog_credits", "enabled", "sizes", "default_width", "default_height",
          "supports_transparent", "formats", "driver", "sort_order", "updated_at")
        VALUES (${entry.id}, ${entry.name}, ${entry.description}, ${entry.credits}::int, ${entry.credits}::int, true, ${JSON.stringify(entry.sizes)}::jsonb,
          ${entry.defaultSize.width}::int, ${entry.defaultSize.height}::int, ${entry.supportsTransparent}::boolean, ${entry.formats}::text[],
          ${entry.driver}, ${index}::int, now())
        ON CONFLICT ("id") DO UPDATE SET
          "name" = EXCLUDED."name", "description" = EXCLUDED."description", "sizes" = EXCLUDED."sizes",
          "default_width" = EXCLUDED."default_width", "default_height" = EXCLUDED."default_height",
          "supports_transparent" = EXCLUDED."supports_transparent", "formats" = EXCLUDED."formats", "driver" = EXCLUDED."driver",
          "sort_order" = EXCLUDED."sort_order", "updated_at" = now(),
          "credits" = CASE WHEN "agents"."credits" IS NOT DISTINCT FROM "agents"."catalog_credits" THEN EXCLUDED."credits" ELSE "agents"."credits" END,
          "catalog_credits" = EXCLUDED."catalog_credits"`,
    ),
  );
}
