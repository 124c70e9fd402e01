import type { LinkView } from "../../../contract/schemas/links.js";
import { builder, rule, viewerOf } from "../builder.js";

const AssetLinkRef = builder.objectRef<LinkView>("AssetLink").implement({
  description: "A public link to an asset: anyone holding `url` can fetch its bytes (and `<url>/export/<format>`) without a key until `expiresAt`.",
  fields: (t) => ({
    url: t.exposeString("url"),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

builder.mutationFields((t) => ({
  createAssetLink: t.field({
    type: AssetLinkRef,
    description: "A public, expiring link to one of your assets (as POST /api/v1/assets/{id}/links).",
    authScopes: rule({ allow: "any", scope: "read" }),
    args: {
      id: t.arg.id({ description: "The asset (yours)." }),
      expiresIn: t.arg.int({ required: false, description: "Seconds the link lives: 60–604800, default 3600." }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.links.create(await viewerOf(ctx), String(args.id), args.expiresIn == null ? {} : { expiresIn: args.expiresIn }),
  }),
}));
