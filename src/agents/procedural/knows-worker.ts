import type { AgentKnowledge } from "../driver.js";
import { lowerThreadPriority } from "../threads.js";
import { type ReaderName, readers } from "./readers.js";
import { probeKnowledge } from "./words/knows.js";

// Background work: on a busy machine the event loop's thread (every request) goes first.
lowerThreadPriority();

/**
 * The thread that works out what each procedural agent knows (words/knows.ts: a few thousand
 * readings per agent, 1–2 s in all), started once after the service is ready (driver.ts
 * `warmKnowledge`), so that neither the event loop nor the first agents listing spends that time.
 */
export default function knowsInWorker(): Record<ReaderName, AgentKnowledge> {
  const known = {} as Record<ReaderName, AgentKnowledge>;
  for (const name of Object.keys(readers) as ReaderName[]) known[name] = probeKnowledge(readers[name]);
  return known;
}
