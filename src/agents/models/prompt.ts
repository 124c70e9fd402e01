import type { AgentJob } from "../driver.js";

/**
 * One prompt text for a text-to-image model from a job's `prompt` or its conversation.
 *
 * - Only user turns are read, as the procedural agents do: assistant turns are the service's own
 *   replies ("here is your sprite") and system turns are instructions for chat models, neither
 *   describes the picture.
 * - The user turns are joined in order, one per line, so the last one (the request being made
 *   now) comes last and reads as the refinement of the earlier ones ("a red dragon" / "make it
 *   blue"). When both `messages` and `prompt` are set, `prompt` is the last turn.
 * - Budget: when the text would exceed `maxChars`, the oldest turns are dropped first; the last
 *   turn is kept whole (cut only when it alone exceeds the budget), so it is never the part a
 *   model's prompt limit truncates away.
 */
export function promptFromJob(job: Pick<AgentJob, "prompt" | "messages">, maxChars: number): string {
  const turns = (job.messages ?? []).filter((m) => m.role === "user").map((m) => m.content);
  if (job.prompt !== undefined) turns.push(job.prompt);
  const cleaned = turns.map((t) => t.replace(/\s+/g, " ").trim()).filter((t) => t !== "");
  const last = cleaned.pop();
  if (last === undefined) return "";
  if (last.length >= maxChars) return last.slice(0, maxChars);
  const kept: string[] = [last];
  let length = last.length;
  for (let i = cleaned.length - 1; i >= 0; i--) {
    const turn = cleaned[i]!;
    if (length + turn.length + 1 > maxChars) break;
    kept.unshift(turn);
    length += turn.length + 1;
  }
  return kept.join("\n");
}
