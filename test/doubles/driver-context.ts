/**
 * What a driver test gives a driver: an `AgentContext` whose deadline really aborts the signal
 * (with a plain abort, as a caller that does not say why would), a cancel button, the progress
 * reports it received; and a `DriverEnvironment` with secrets and a log that records every line.
 */
import { inspect } from "node:util";
import type { AgentContext, AgentImage, DriverEnvironment } from "../../src/agents/driver.js";

export interface RecordedReport {
  percent: number;
  stage: string;
  preview?: AgentImage;
}

export interface TestContext {
  ctx: AgentContext;
  reports: RecordedReport[];
  /** Aborts the signal as a user's cancel does. */
  cancel(): void;
  /** Stops the deadline timer. */
  dispose(): void;
}

/** A context whose signal aborts at `Date.now() + deadlineMs` (default 10 s). */
export function testContext(options: { deadlineMs?: number } = {}): TestContext {
  const controller = new AbortController();
  const deadline = Date.now() + (options.deadlineMs ?? 10_000);
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  const reports: RecordedReport[] = [];
  return {
    ctx: {
      signal: controller.signal,
      deadline,
      async report(percent, stage, preview) {
        reports.push({ percent, stage, ...(preview && { preview }) });
      },
    },
    reports,
    cancel: () => controller.abort(),
    dispose: () => clearTimeout(timer),
  };
}

export interface LogLine {
  level: "warn" | "info";
  msg: string;
  fields?: Record<string, unknown>;
}

export interface TestEnvironment {
  env: DriverEnvironment;
  logs: LogLine[];
}

/** An environment with these secrets, the global fetch and a recording log. */
export function testEnvironment(secrets: Record<string, string> = {}): TestEnvironment {
  const logs: LogLine[] = [];
  return {
    env: {
      secret: (name) => secrets[name],
      fetch: globalThis.fetch,
      log: {
        warn: (msg, fields) => void logs.push({ level: "warn", msg, ...(fields && { fields }) }),
        info: (msg, fields) => void logs.push({ level: "info", msg, ...(fields && { fields }) }),
      },
    },
    logs,
  };
}

/** Everything an error could show when logged: message, `String()`, properties, the cause chain. */
export function everythingShownBy(error: unknown): string {
  return [String(error), inspect(error, { depth: 10, showHidden: true }), JSON.stringify(error) ?? ""].join("\n");
}

/** Runs `fn` and returns what it threw (fails if it did not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}
