import type { AgentKnowledge, Size } from "../../../agents/index.js";
import { SheetOfferRef, TilesetOfferRef } from "./sheet.js";
import { builder, rule } from "../builder.js";

const SizeRef = builder.objectRef<Size>("Size").implement({
  description: "Pixel dimensions of an asset.",
  fields: (t) => ({
    width: t.exposeInt("width"),
    height: t.exposeInt("height"),
  }),
});

const AgentKnowledgeRef = builder.objectRef<AgentKnowledge>("AgentKnowledge").implement({
  description: "The words an agent that reads the prompt itself (procedural) understands, each checked against what it draws.",
  fields: (t) => ({
    subjects: t.exposeStringList("subjects", {
      description: "Subjects it draws (canonical names; synonyms and plurals work too), including those it draws as a broader subject it has.",
    }),
    modifiers: t.exposeStringList("modifiers", {
      description: 'Colours, materials and effects it honours; for things, their states ("burnt"); for surfaces, what lies on them ("with mushroom").',
    }),
    styles: t.exposeStringList("styles", { description: 'Style words it honours ("no outline" for a style it can switch off).' }),
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
    sizes: t.field({ type: [SizeRef], resolve: (agent, _args, ctx) => ctx.services.agents.outline(agent).sizes }),
    defaultSize: t.field({
      type: SizeRef,
      resolve: (agent) => ({ width: agent.defaultWidth, height: agent.defaultHeight }),
    }),
    formats: t.exposeStringList("formats", { description: "MIME types this agent produces." }),
    outputs: t.stringList({
      description: "What one generation can make: `image` (one picture of the asked size), `sheet` (a sprite sheet: `sheet` in the input).",
      resolve: (agent, _args, ctx) => ctx.services.agents.outline(agent).outputs,
    }),
    inputs: t.stringList({
      description: 'What a call may give: ["prompt"], or ["prompt", "image"] for an agent that takes the caller\'s picture (`image` in the input).',
      resolve: (agent, _args, ctx) => ctx.services.agents.outline(agent).inputs,
    }),
    sheet: t.field({
      type: SheetOfferRef,
      nullable: true,
      description: "With `sheet` in outputs: its animations' frames, directions, largest PNG and price; null otherwise.",
      resolve: (agent, _args, ctx) => ctx.services.agents.outline(agent).sheet ?? null,
    }),
    tileset: t.field({
      type: TilesetOfferRef,
      nullable: true,
      description: "With `tileset` in outputs: its layouts, terrains and price; null otherwise.",
      resolve: (agent, _args, ctx) => ctx.services.agents.outline(agent).tileset ?? null,
    }),
    knows: t.field({
      type: AgentKnowledgeRef,
      nullable: true,
      description: "What a procedural agent understands of prompts; null for model agents, which read the prompt as it is.",
      resolve: (agent, _args, ctx) => ctx.services.agents.knows(agent.id) ?? null,
    }),
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
