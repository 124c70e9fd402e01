import type { Agent } from "./contract";
import { plural } from "./ui/words";

/**
 * An agent's sizes in a few characters: "64–512 px" for square sizes (one edge: "64 px"),
 * else every size ("512×256, 1024×512").
 */
export function sizeRange(agent: Pick<Agent, "sizes">): string {
  if (agent.sizes.length === 0) return "";
  if (!agent.sizes.every((s) => s.width === s.height)) return agent.sizes.map((s) => `${s.width}×${s.height}`).join(", ");
  const edges = agent.sizes.map((s) => s.width);
  const [min, max] = [Math.min(...edges), Math.max(...edges)];
  return min === max ? `${min} px` : `${min}–${max} px`;
}

/** The agent picker's option: short enough for a phone-wide select (the sizes are told below it). */
export function agentOption(agent: Pick<Agent, "name" | "credits">): string {
  return `${agent.name} · ${plural(agent.credits, "credit")}`;
}
