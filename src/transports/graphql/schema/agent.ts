import type { Size } from "../../../agents/driver.js";
import { agentSizes } from "../../../domain/agents/agents.js";
import { builder, rule } from "../builder.js";

const SizeRef = builder.objectRef<Size>("Size").implement({
  description: "Pixel dimensions of an asset.",
  fields: (t) => ({
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

builder.prismaObject("Agent", {
  description: "A named generator. Each generation with it costs `credits`.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    credits: t.exposeInt("credits", { description: "Price of one generation, in credits." }),
    supportsTransparent: t.exposeBoolean("supportsTransparent"),
    sizes: t.field({ type: [SizeRef], resolve: (agent) => agentSizes(agent) }),
    defaultSize: t.field({
      type: SizeRef,
      resolve: (agent) => ({ width: agent.defaultWidth, height: agent.defaultHeight }),
    }),
    formats: t.exposeStringList("formats", { description: "MIME types this agent produces." }),
  }),
});

builder.queryFields((t) => ({
  agents: t.prismaField({
    type: ["Agent"],
    authScopes: rule({ allow: "public" }),
    description: "The agents available to generate with, in catalog order.",
    resolve: (_query, _root, _args, ctx) => ctx.services.agents.list(),
  }),
  defaultAgentId: t.string({
    authScopes: rule({ allow: "public" }),
    nullable: true,
    description: "The agent used when a generation names none; null when an admin disabled it (name one then).",
    resolve: (_root, _args, ctx) => ctx.services.agents.defaultAgentId(),
  }),
}));
