import { decodeCursor, pageArgs, toPage } from "../../contract/cursor.js";
import { AppError } from "../../contract/errors.js";
import { slugOf } from "../../contract/schemas/kit.js";
import { createProjectRequest, type ProjectAssetView, type ProjectView } from "../../contract/schemas/projects.js";
import { parseInput } from "../../contract/validation.js";
import type { PrismaClient } from "../../infra/db/database.js";
import type { AuthenticatedViewer } from "../auth/viewer.js";
import type { ExportFile } from "../exports/formats.js";
import { zipArchive, type ZipEntry } from "../exports/zip.js";
import { newId } from "../ids.js";
import { planPalette } from "../generation/palette-plan.js";
import { assetView, type AssetRow } from "../generation/view.js";

export interface ProjectDeps {
  prisma: PrismaClient;
  /** The viewer's asset's bytes (from the blob store, checked). */
  assetBytes(viewer: AuthenticatedViewer, id: string): Promise<{ bytes: Uint8Array }>;
}

/** The most assets one project zip holds (newest first); the listing pages through all of them. */
export const PROJECT_ZIP_MAX_ASSETS = 500;

type ProjectRow = { id: string; name: string; palette: unknown; scale: number | null; transparent: boolean | null; createdAt: Date };

function projectView(row: ProjectRow, assetCount: number): ProjectView {
  const palette = row.palette as ProjectView["palette"] | null;
  return {
    id: row.id,
    name: row.name,
    ...(palette ? { palette } : {}),
    ...(row.scale !== null ? { scale: row.scale } : {}),
    ...(row.transparent !== null ? { transparent: row.transparent } : {}),
    assetCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Names unique within one zip: `knight`, `knight-2`, `knight-3`… */
export function uniqueNames(slugs: readonly string[]): string[] {
  const used = new Set<string>();
  return slugs.map((slug) => {
    let name = slug;
    for (let i = 2; used.has(name); i++) name = `${slug}-${i}`;
    used.add(name);
    return name;
  });
}

/**
 * Projects (contract section 13): a game's defaults (palette, scale, transparency) and the assets
 * filed under it. Each caller sees only its own (404 naming nothing else for another account's).
 */
export function createProjects(deps: ProjectDeps) {
  const { prisma } = deps;
  const assetSelect = {
    id: true,
    mimeType: true,
    width: true,
    height: true,
    byteLength: true,
    sha256: true,
    layout: true,
    quality: true,
    createdAt: true,
    generationId: true,
    generation: { select: { prompt: true, kitId: true } },
  } as const;

  /**
   * Each asset's file stem (contract section 13, Names): its kit item's name when a kit made it (one read of those
   * kits, by the generations' `kit_id`), else a slug of its prompt.
   */
  async function stemsOf(accountId: string, rows: readonly { generationId: string; generation: { prompt: string | null; kitId: string | null } }[]) {
    const kitIds = [...new Set(rows.flatMap((r) => (r.generation.kitId ? [r.generation.kitId] : [])))];
    const kits = kitIds.length ? await prisma.kit.findMany({ where: { id: { in: kitIds }, accountId }, select: { items: true } }) : [];
    const itemName = new Map<string, string>();
    for (const kit of kits) {
      for (const item of kit.items as { name?: unknown; generationId?: unknown }[]) {
        if (typeof item.name === "string" && typeof item.generationId === "string") itemName.set(item.generationId, item.name);
      }
    }
    return rows.map((r) => slugOf(itemName.get(r.generationId) ?? r.generation.prompt ?? "asset"));
  }

  async function own(viewer: AuthenticatedViewer, id: string): Promise<ProjectRow> {
    const row = await prisma.project.findFirst({ where: { id, accountId: viewer.user.accountId } });
    if (!row) throw new AppError("not_found", "No such project.");
    return row;
  }

  const inProject = (accountId: string, projectId: string) => ({ accountId, generation: { projectId } });

  return {
    async create(viewer: AuthenticatedViewer, raw: unknown): Promise<ProjectView> {
      const input = parseInput(createProjectRequest, raw);
      const palette = planPalette({ palette: input.palette }) ?? null;
      const row = await prisma.project.create({
        data: {
          id: newId("prj"),
          accountId: viewer.user.accountId,
          name: input.name,
          palette: palette ? { ...palette } : undefined,
          scale: input.scale ?? null,
          transparent: input.transparent ?? null,
        },
      });
      return projectView(row, 0);
    },

    /** The viewer's projects, newest first, each with how many assets it holds. */
    async list(viewer: AuthenticatedViewer): Promise<{ projects: ProjectView[] }> {
      const accountId = viewer.user.accountId;
      const rows = await prisma.project.findMany({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1000 });
      const counts = await prisma.asset.groupBy({
        by: ["generationId"],
        where: { accountId, generation: { projectId: { in: rows.map((r) => r.id) } } },
        _count: { _all: true },
      });
      const generations = await prisma.generation.findMany({
        where: { id: { in: counts.map((c) => c.generationId) } },
        select: { id: true, projectId: true },
      });
      const projectOf = new Map(generations.map((g) => [g.id, g.projectId]));
      const perProject = new Map<string, number>();
      for (const c of counts) {
        const p = projectOf.get(c.generationId);
        if (p) perProject.set(p, (perProject.get(p) ?? 0) + c._count._all);
      }
      return { projects: rows.map((r) => projectView(r, perProject.get(r.id) ?? 0)) };
    },

    get: async (viewer: AuthenticatedViewer, id: string): Promise<ProjectView> => {
      const row = await own(viewer, id);
      return projectView(row, await prisma.asset.count({ where: inProject(viewer.user.accountId, id) }));
    },

    /** The project's assets, newest first (keyset pages). */
    async assets(viewer: AuthenticatedViewer, id: string, args: unknown) {
      const { first, after } = parseInput(pageArgs, args);
      await own(viewer, id);
      const cursor = after === undefined ? undefined : decodeCursor(after, ["instant", "string"] as const);
      const rows = await prisma.asset.findMany({
        where: {
          ...inProject(viewer.user.accountId, id),
          ...(cursor ? { OR: [{ createdAt: { lt: new Date(cursor[0]) } }, { createdAt: new Date(cursor[0]), id: { lt: cursor[1] } }] } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: first + 1,
        select: assetSelect,
      });
      const stems = new Map((await stemsOf(viewer.user.accountId, rows)).map((stem, i) => [rows[i]!.id, stem]));
      const page = toPage(
        rows,
        first,
        (a) => [a.createdAt.toISOString(), a.id],
        (a): ProjectAssetView => {
          const { b64: _b64, ...view } = assetView(a as AssetRow, false);
          return { ...view, generationId: a.generationId, name: stems.get(a.id)!, prompt: a.generation.prompt };
        },
      );
      return { assets: page.nodes, endCursor: page.endCursor, hasNextPage: page.hasNextPage };
    },

    /**
     * The project as one zip: each asset's PNG named by its kit item's name or a slug of its prompt (unique in the zip), oldest
     * first, and a README naming each file with its prompt and asset id.
     */
    async zip(viewer: AuthenticatedViewer, id: string): Promise<ExportFile> {
      const project = await own(viewer, id);
      const rows = await prisma.asset.findMany({
        where: inProject(viewer.user.accountId, id),
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: PROJECT_ZIP_MAX_ASSETS,
        select: assetSelect,
      });
      rows.reverse();
      const names = uniqueNames(await stemsOf(viewer.user.accountId, rows));
      const entries: ZipEntry[] = [];
      const lines = [`# ${project.name}`, "", `${rows.length} asset${rows.length === 1 ? "" : "s"}, oldest first.`, ""];
      for (const [i, a] of rows.entries()) {
        const { bytes } = await deps.assetBytes(viewer, a.id);
        entries.push({ name: `${names[i]}.png`, data: bytes });
        lines.push(`- ${names[i]}.png: ${a.width}×${a.height}, ${a.id}${a.generation.prompt ? ` — "${a.generation.prompt}"` : ""}`);
      }
      entries.push({ name: "README.md", data: Buffer.from(`${lines.join("\n")}\n`) });
      return { fileName: `${slugOf(project.name)}.zip`, contentType: "application/zip", body: zipArchive(entries) };
    },
  };
}

export type Projects = ReturnType<typeof createProjects>;
