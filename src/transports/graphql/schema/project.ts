import type { ProjectView } from "../../../contract/schemas/projects.js";
import { createProjectRequest } from "../../../contract/schemas/projects.js";
import { builder, rule, viewerOf } from "../builder.js";
import { withoutNulls, zodInputType } from "../zod-input.js";

/** A project (contract section 13): a game's defaults and the assets filed under it. */
export const ProjectRef = builder.objectRef<ProjectView>("Project").implement({
  description: "A game's defaults (palette, scale, transparent) and its assets: `projectId` on a generation or a kit applies them and files the result.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    palette: t.field({ type: "JSON", nullable: true, description: "The palette ({name?, colors}); null when none.", resolve: (p) => p.palette ?? null }),
    scale: t.int({ nullable: true, description: "The pixel scale; null when none.", resolve: (p) => p.scale ?? null }),
    transparent: t.boolean({ nullable: true, description: "The transparency default; null when none.", resolve: (p) => p.transparent ?? null }),
    assetCount: t.exposeInt("assetCount", { description: "Assets filed under it." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const CreateProjectInput = zodInputType("CreateProjectInput", createProjectRequest, { palette: "JSON", scale: "Int" });

builder.queryFields((t) => ({
  projects: t.field({
    type: [ProjectRef],
    description: "Your projects, newest first (as GET /api/v1/projects).",
    authScopes: rule({ allow: "any", scope: "read" }),
    resolve: async (_root, _args, ctx) => (await ctx.services.projects.list(await viewerOf(ctx))).projects,
  }),
}));

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectRef,
    description: "Creates a project (as POST /api/v1/projects): name, and the defaults palette, scale (16|32|48|64), transparent.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: { input: t.arg({ type: CreateProjectInput as never, required: true }) },
    resolve: async (_root, args, ctx) => ctx.services.projects.create(await viewerOf(ctx), withoutNulls(args.input)),
  }),
}));
