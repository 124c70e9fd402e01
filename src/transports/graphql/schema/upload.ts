import { GraphQLError } from "graphql";
import type { UploadView } from "../../../domain/uploads/uploads.js";
import { uploadQuery } from "../../../contract/schemas/uploads.js";
import { parseInput } from "../../../contract/validation.js";
import { quotaHeaders } from "../../../domain/limits.js";
import { builder, rule, viewerOf } from "../builder.js";

/** Uploads (contract section 14): the caller's own picture, sent as a GraphQL multipart request, stored as an asset. */
builder.scalarType("File", {
  description: "A file part of a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec).",
  serialize: () => {
    throw new GraphQLError("File is an input only.");
  },
  parseValue: (value) => {
    // Yoga's parser answers its own File class (not always the global one): anything with bytes and a type will do.
    const file = value as Partial<File> | null;
    if (typeof file?.arrayBuffer !== "function") throw new GraphQLError("File must be sent as a part of a multipart request.");
    return file as File;
  },
});

const UploadedAssetRef = builder.objectRef<UploadView>("UploadedAsset").implement({
  description: "An uploaded picture (as POST /api/v1/uploads answers): stored as an 8-bit sRGB PNG without metadata.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "ast_…: an asset like any other." }),
    generationId: t.exposeID("generationId", { description: "gen_…: the finished generation of the agent `upload` that holds it." }),
    source: t.exposeString("source"),
    name: t.exposeString("name"),
    mimeType: t.exposeString("mimeType"),
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
    bytes: t.exposeInt("bytes"),
    sha256: t.exposeString("sha256"),
    url: t.exposeString("url", { description: "GET it with the same credentials." }),
  }),
});

builder.mutationFields((t) => ({
  uploadImage: t.field({
    type: UploadedAssetRef,
    description:
      "Stores your picture (PNG, JPEG, WebP or GIF, first frame) as an asset, as POST /api/v1/uploads: free, counted against the generation rate limit and the storage quota. Send it as a GraphQL multipart request; cookie clients add the header x-graphql-csrf.",
    authScopes: rule({ allow: "any", scope: "generate" }),
    args: {
      file: t.arg({ type: "File", required: true }),
      name: t.arg.string({ required: false, description: "1–100 characters; the stem of the asset's file names (default `upload`)." }),
      projectId: t.arg.id({ required: false, description: "File the upload under one of your projects." }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await viewerOf(ctx);
      const query = parseInput(uploadQuery, { name: args.name ?? undefined, projectId: args.projectId == null ? undefined : String(args.projectId) });
      const bytes = new Uint8Array(await args.file.arrayBuffer());
      return ctx.services.uploads.upload(viewer, bytes, args.file.type || undefined, {
        name: query.name,
        ...(query.projectId ? { projectId: await ctx.services.uploads.ownProject(viewer, query.projectId) } : {}),
        onQuota: (quota) => Object.assign(ctx.responseHeaders, quotaHeaders(quota)),
      });
    },
  }),
}));
