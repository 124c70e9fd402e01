/**
 * What the tests of an HTTP model driver (`openai-images`, `fal-queue`) share: a provider double
 * and a test context started afresh for every test, the driver built from an entry pointing at
 * that double, a job, the usual expectations, and the cases about the API key that every such
 * driver must pass (it lives in ../../src/agents/models/model-http.ts, common to them all).
 *
 * ```ts
 * const m = useModelDriver({ kind: falQueueDriver, key: KEY, keyEnv: KEY_ENV, start: (key) => startFalQueueDouble({ key }),
 *   entry: (double) => ({ baseUrl: double.url, model: MODEL }) });
 * it("…", async () => { await m.driver().driver.generate(m.job(), m.t.ctx); });
 * ```
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentError, type AgentDriver, type AgentJob, type DriverKind } from "../../src/agents/driver.js";
import { caught, everythingShownBy, testContext, testEnvironment, type LogLine, type TestContext } from "./driver-context.js";
import type { RecordedRequest } from "./http-double.js";

/** What the harness needs of a provider double. */
export interface ModelDouble {
  /** The entry's `baseUrl`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface ModelDriverSetup<O, D extends ModelDouble> {
  kind: DriverKind<O>;
  /** The key the double wants, and the environment variable the entry names for it. */
  key: string;
  keyEnv: string;
  /** Starts a double; with a key, the double wants it. */
  start(key?: string): Promise<D>;
  /** The entry's options for this double, besides `apiKeyEnv`. */
  entry(double: D): Record<string, unknown>;
  /** The job's prompt and seed (64×64, opaque, no options). */
  prompt: string;
  seed: number;
}

export interface ModelDriverHarness<O, D extends ModelDouble> {
  readonly setup: ModelDriverSetup<O, D>;
  /** The running test's double (started with the key); a test may replace it. */
  double: D;
  /** The running test's context (10 s deadline); a test may replace it. */
  t: TestContext;
  /** The entry's options, parsed, with `over` on top. */
  options(over?: Record<string, unknown>): O;
  /** A driver for those options in an environment holding `secrets` (default: the key), and its log. */
  driver(over?: Record<string, unknown>, secrets?: Record<string, string>): { driver: AgentDriver; logs: LogLine[] };
  job(over?: Partial<AgentJob>): AgentJob;
  /** The error and everything it and the logs could show carry no trace of the key. */
  expectNoKey(error: unknown, logs: unknown[]): void;
}

/** Sets up the double and the context around every test of the calling file. */
export function useModelDriver<O, D extends ModelDouble>(setup: ModelDriverSetup<O, D>): ModelDriverHarness<O, D> {
  const m: ModelDriverHarness<O, D> = {
    setup,
    double: undefined as unknown as D,
    t: undefined as unknown as TestContext,
    options: (over = {}) => setup.kind.options.parse({ ...setup.entry(m.double), apiKeyEnv: setup.keyEnv, ...over }),
    driver(over = {}, secrets = { [setup.keyEnv]: setup.key }) {
      const { env, logs } = testEnvironment(secrets);
      return { driver: setup.kind.create(m.options(over), env), logs };
    },
    job: (over = {}) => ({ prompt: setup.prompt, width: 64, height: 64, transparent: false, seed: setup.seed, options: {}, ...over }),
    expectNoKey(error, logs) {
      expect(everythingShownBy(error)).not.toContain(setup.key);
      expect(JSON.stringify(logs)).not.toContain(setup.key);
    },
  };
  beforeEach(async () => {
    m.double = await setup.start(setup.key);
    m.t = testContext();
  });
  afterEach(async () => {
    m.t.dispose();
    await m.double.close();
  });
  return m;
}

export function expectNonDecreasing(percents: number[]): void {
  for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
}

/**
 * The cases every HTTP model driver passes, about its key and its reachability.
 * `wrongKey`: a key of the provider's format that the double refuses with a 401;
 * `authorization`: the Authorization header the driver sends with a key.
 */
export function describeKeyHandling<O, D extends ModelDouble>(
  name: string,
  m: ModelDriverHarness<O, D>,
  provider: { wrongKey: string; authorization(key: string): string },
): void {
  const { setup } = m;
  describe(`${name}: the key`, () => {
    it("401 (wrong key) → unavailable; the key is in no error, cause or log line", async () => {
      const { driver: d, logs } = m.driver({}, { [setup.keyEnv]: provider.wrongKey });
      const error = (await caught(() => d.generate(m.job(), m.t.ctx))) as AgentError;
      expect(error.kind).toBe("unavailable");
      expect(error.message).toMatch(/credentials.*401/);
      expect(m.double.requests[0]!.headers.authorization).toBe(provider.authorization(provider.wrongKey));
      expect(everythingShownBy(error)).not.toContain(provider.wrongKey);
      expect(JSON.stringify(logs)).not.toContain(provider.wrongKey);
      // The operator learns which variable to check.
      expect(logs.find((l) => l.fields?.status === 401)?.fields?.apiKeyEnv).toBe(setup.keyEnv);
    });

    it("connection refused → unavailable", async () => {
      const gone = m.double.url;
      await m.double.close();
      m.double = await setup.start();
      const { driver: d } = m.driver({ baseUrl: gone });
      const error = (await caught(() => d.generate(m.job(), m.t.ctx))) as AgentError;
      expect(error).toBeInstanceOf(AgentError);
      expect(error.kind).toBe("unavailable");
      expect(error.message).toContain("ECONNREFUSED");
      m.expectNoKey(error, []);
    });

    it("names the key's variable as a required secret, and none without apiKeyEnv", () => {
      expect(setup.kind.requiredSecrets!(m.options())).toEqual([setup.keyEnv]);
      expect(setup.kind.requiredSecrets!(m.options({ apiKeyEnv: undefined }))).toEqual([]);
    });

    it("an unset key at call time → unavailable, no request made", async () => {
      const { driver: d, logs } = m.driver({}, {});
      const error = await caught(() => d.generate(m.job(), m.t.ctx));
      expect(error).toMatchObject({ kind: "unavailable" });
      expect(m.double.requests).toHaveLength(0);
      expect(logs[0]?.fields?.apiKeyEnv).toBe(setup.keyEnv);
    });
  });
}
