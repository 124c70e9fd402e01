import { z } from "zod";
import { pageArgs } from "../cursor.js";
import { trimmed } from "../validation.js";
import { instant } from "./common.js";
import { asset } from "./generation.js";
import { KIT_SCALES } from "./kit.js";
import { paletteField } from "./palette.js";

/** A project's pixel scale: the kits' scales (section 13). */
export const projectScale = z
  .union(
    KIT_SCALES.map((s) => z.literal(s)),
    { error: `Must be one of ${KIT_SCALES.join(", ")}.` },
  )
  .describe("The project's pixel scale: a generation without its own size is drawn at scale × scale when its agent makes that size.");

/** POST /api/v1/projects (and GraphQL createProject): a game's defaults (contract section 13). */
export const createProjectRequest = z
  .strictObject({
    name: trimmed(1, 64).describe("1–64 characters."),
    palette: paletteField.optional(),
    scale: projectScale.optional(),
    transparent: z.boolean().optional().describe("For the generations whose agent supports it (tiles stay opaque)."),
  })
  .meta({ id: "CreateProjectRequest" });
export type CreateProjectRequest = z.output<typeof createProjectRequest>;

export const project = z
  .object({
    id: z.string(),
    name: z.string(),
    palette: z
      .object({ name: z.string().optional(), colors: z.array(z.string()) })
      .optional()
      .describe("The project's palette (its name when named, and its colours); absent when none."),
    scale: z.number().int().optional().describe("The project's pixel scale; absent when none."),
    transparent: z.boolean().optional().describe("The project's transparency default; absent when none."),
    assetCount: z.number().int().describe("Assets filed under it."),
    createdAt: instant,
  })
  .meta({ id: "Project" });
export type ProjectView = z.output<typeof project>;

export const projectList = z.object({ projects: z.array(project) }).meta({ id: "ProjectList" });

/** GET /api/v1/projects/:id/assets: its assets, newest first, each with its generation and file name. */
export const projectAssetsArgs = pageArgs;
export const projectAsset = asset
  .omit({ b64: true })
  .extend({
    generationId: z.string(),
    name: z.string().describe("A slug of its prompt: its file name in the project's zip (there made unique with -2, -3…)."),
    prompt: z.string().nullable(),
  })
  .meta({ id: "ProjectAsset" });
export type ProjectAssetView = z.output<typeof projectAsset>;
export const projectAssetPage = z
  .object({
    assets: z.array(projectAsset),
    endCursor: z.string().nullable().describe("Pass as `after` for the next page."),
    hasNextPage: z.boolean(),
  })
  .meta({ id: "ProjectAssetPage" });
