import type { PrismaClient } from "../../infra/db/database.js";
import type { Agent } from "../../generated/prisma/client.js";
import { AppError } from "../errors.js";
import { builtInAgents, defaultAgentId, type AgentDefinition, type Size } from "./catalog.js";

export type { Agent } from "../../generated/prisma/client.js";

/** The public shape of an agent (contract section 6). */
export interface AgentView {
  id: string;
  name: string;
  description: string;
  credits: number;
  supportsTransparent: boolean;
  sizes: Size[];
  defaultSize: Size;
  formats: string[];
}

export function agentSizes(agent: Agent): Size[] {
  return agent.sizes as unknown as Size[];
}

export function toAgentView(agent: Agent): AgentView {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    credits: agent.credits,
    supportsTransparent: agent.supportsTransparent,
    sizes: agentSizes(agent),
    defaultSize: { width: agent.defaultWidth, height: agent.defaultHeight },
    formats: agent.formats,
  };
}

/**
 * `cacheMs`: how long `resolve` (the generation hot path) may reuse what it read, so an admin's
 * change of price or `enabled` applies within that time without a deploy. Listing never caches.
 */
export function createAgentService(prisma: PrismaClient, options: { cacheMs?: number } = {}) {
  const cacheMs = options.cacheMs ?? 5_000;
  const cache = new Map<string, { agent: Agent | null; at: number }>();
  const read = async (id: string): Promise<Agent | null> => {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < cacheMs) return hit.agent;
    const agent = await prisma.agent.findUnique({ where: { id } });
    if (cache.size > 1000) cache.clear(); // unknown ids must not grow it without bound
    cache.set(id, { agent, at: Date.now() });
    return agent;
  };
  return {
    defaultAgentId,

    /** Enabled agents, in catalog order. */
    list(): Promise<Agent[]> {
      return prisma.agent.findMany({ where: { enabled: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
    },

    /** The enabled agent `id` (or the default one), else `unknown_agent`. */
    async resolve(id: string | undefined): Promise<Agent> {
      const agent = await read(id ?? defaultAgentId);
      if (!agent || !agent.enabled) {
        throw new AppError("unknown_agent", `No agent is called ${JSON.stringify(id)}. GET /api/ai/agents lists them.`, {
          param: "agentId",
        });
      }
      return agent;
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * Writes the built-in catalog into the database. Code owns the descriptive fields; the price
 * (`credits`) and `enabled` belong to admins once the row exists, so a restart never undoes an
 * admin's change.
 */
export async function syncBuiltInAgents(
  prisma: PrismaClient,
  catalog: readonly AgentDefinition[] = builtInAgents,
): Promise<void> {
  await prisma.$transaction(
    catalog.map((definition, index) => {
      const described = {
        name: definition.name,
        description: definition.description,
        sizes: definition.sizes as unknown as object,
        defaultWidth: definition.defaultSize.width,
        defaultHeight: definition.defaultSize.height,
        supportsTransparent: definition.supportsTransparent,
        formats: definition.formats,
        generatorKind: definition.generatorKind,
        sortOrder: index,
      };
      return prisma.agent.upsert({
        where: { id: definition.id },
        create: { id: definition.id, credits: definition.credits, enabled: true, ...described },
        update: described,
      });
    }),
  );
}
