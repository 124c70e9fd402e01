import { spawnSync } from "node:child_process";
import { describe, it } from "vitest";

/**
 * Tests that need something this run may lack (a service, a program, a build) are declared with
 * what they need: they run when it is there, and otherwise show up as skipped with the reason in
 * their title, the reason also printed once per test file (vitest runs each file on its own). A
 * test never skips silently for something missing.
 *
 * A `Need` is undefined when met, else the sentence that says what is missing and how to get it.
 */
export type Need = string | undefined;

const told = new Set<string>();
/** Prints `skipped: <missing>` once per test file (for a case left out of a table, say). */
export function tell(missing: string): void {
  if (told.has(missing)) return;
  told.add(missing);
  console.warn(`skipped: ${missing}`);
}

/** `describe(name, body)` when `need` is met; else skipped, saying what is missing. */
export function describeNeeding(need: Need, name: string, body: () => void): void {
  if (need === undefined) {
    describe(name, body);
    return;
  }
  tell(need);
  describe.skip(`${name} (skipped: ${need})`, body);
}

/** `it(name, test)` when `need` is met; else skipped, saying what is missing. */
export function itNeeding(need: Need, name: string, test: () => unknown, timeout?: number): void {
  if (need === undefined) {
    it(name, test, timeout);
    return;
  }
  tell(need);
  it.skip(`${name} (skipped: ${need})`, test);
}

/** A program on PATH (`command -v`), else what to install. */
export function program(name: string, install = `apt-get install ${name}`): Need {
  return spawnSync("sh", ["-c", `command -v ${name}`]).status === 0 ? undefined : `${name} is not installed (${install}; .ci/run installs it)`;
}

/** The first need of several that is not met. */
export const allOf = (...needs: Need[]): Need => needs.find((need) => need !== undefined);

/**
 * The database a block runs on. The suites under test/ run once per database (vitest.config.ts's
 * projects): a block for one database is left to that database's run, quietly when that run
 * happens (`TEST_DATABASE_URL` set), and saying so when it does not. `need`: what else it needs.
 */
export function describeOn(database: "pglite" | "postgres", name: string, body: () => void, need?: Need): void {
  if (process.env.TEST_DB === database) {
    describeNeeding(need, name, body);
    return;
  }
  if (database === "postgres" && !process.env.TEST_DATABASE_URL) {
    describeNeeding("PostgreSQL: TEST_DATABASE_URL is not set (CI sets it)", name, body);
    return;
  }
  describe.skip(`${name} (on ${database === "postgres" ? "PostgreSQL" : "the embedded database"}: that run has it)`, body);
}
