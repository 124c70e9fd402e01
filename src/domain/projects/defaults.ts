import { AppError } from "../../contract/errors.js";
import type { PrismaClient } from "../../infra/db/database.js";

/** A project's defaults as stored (contract section 13). */
export interface ProjectDefaults {
  id: string;
  palette: { name?: string; colors: string[] } | null;
  scale: number | null;
  transparent: boolean | null;
}

/** What of an agent decides whether a default applies: its sizes, and whether it makes transparency. */
interface AgentFit {
  sizes: readonly { width: number; height: number }[];
  supportsTransparent: boolean;
}

/** The fields of a request that a project's defaults fill in. */
interface Defaultable {
  palette?: unknown;
  transparent?: boolean | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** The palette as a request gives it: its name when named, else its colours. */
export const paletteInput = (palette: NonNullable<ProjectDefaults["palette"]>): string | string[] => palette.name ?? palette.colors;

/**
 * The viewer's project `id` (its defaults), or 404 naming `projectId`: another account's project
 * is never told apart from one that does not exist.
 */
export async function findProject(prisma: PrismaClient, accountId: string, id: string): Promise<ProjectDefaults> {
  const row = await prisma.project.findFirst({ where: { id, accountId }, select: { id: true, palette: true, scale: true, transparent: true } });
  if (!row) throw new AppError("not_found", "No such project: projectId must name one of yours (GET /api/v1/projects lists them).", { param: "projectId" });
  return { id: row.id, palette: (row.palette as ProjectDefaults["palette"]) ?? null, scale: row.scale, transparent: row.transparent };
}

/**
 * A request with its project's defaults filled in: a field the request gives wins. A default that the
 * agent cannot honour is left out rather than refused (as a kit's `transparent` for its tiles):
 * transparency for an agent without it, a scale that is not one of the agent's sizes, a scale when
 * the request gives a width or a height.
 */
export function withProjectDefaults<T extends Defaultable>(input: T, project: ProjectDefaults, agent: AgentFit): T {
  const out: T = { ...input };
  if (out.palette === undefined && project.palette) out.palette = paletteInput(project.palette);
  if (out.transparent === undefined && project.transparent !== null && (!project.transparent || agent.supportsTransparent)) {
    out.transparent = project.transparent;
  }
  const scale = project.scale;
  if (scale !== null && out.width === undefined && out.height === undefined && agent.sizes.some((s) => s.width === scale && s.height === scale)) {
    out.width = scale;
    out.height = scale;
  }
  return out;
}
