// The Generate screen is honest about what an agent understands: as the person types, a free dry
// run warns that a prompt would fall back to a random design (naming the words the agent does not
// know, with near subjects that replace them on a click) or that some words would be ignored; and
// every result says what was drawn, with what, what was ignored, and whether it was a fallback.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startWebBench, type WebBench } from "./browser.js";
import { describeOn } from "../support/needs.js";

const balanceOf = async (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ viewer { account { balance } } generations(first: 50) { nodes { id } } }" }),
    }).then((r) => r.json() as Promise<{ data: { viewer: { account: { balance: number } }; generations: { nodes: unknown[] } } }>);
    return { balance: answer.data.viewer.account.balance, generations: answer.data.generations.nodes.length };
  });

describeOn("pglite", "the Generate screen says what the agent understands", () => {
  let bench: WebBench;

  beforeAll(async () => {
    bench = await startWebBench();
  }, 90_000);

  afterAll(async () => {
    await bench?.close();
  });

  it("warns before charging that a prompt would fall back, and a suggestion replaces the unknown word", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "fallback-warning@example.com");
    const before = await balanceOf(page);
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    const prompt = page.getByLabel("Prompt");
    await prompt.fill("a green dragn");

    const warning = page.getByTestId("prompt-fallback");
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/does not know “dragn” — it would\s+draw a random design/);
    // the warning sits in a polite live region, and the prompt points to it
    expect(await page.locator('[role="status"]', { has: warning }).count()).toBe(1);
    expect(await prompt.getAttribute("aria-describedby")).toContain("gen-prompt-check");
    const suggestion = page.getByRole("button", { name: "Replace “dragn” with “dragon”" });
    expect(await suggestion.textContent()).toBe("dragon");
    // checking cost nothing and made nothing
    expect(await balanceOf(page)).toEqual(before);

    await suggestion.click();
    expect(await prompt.inputValue()).toBe("a green dragon");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("gen-prompt");
    await page.getByTestId("prompt-understood").waitFor();
    expect(await page.getByTestId("prompt-understood").textContent()).toBe("Reads as: dragon, with green.");
    expect(await warning.count()).toBe(0);

    // words it would ignore are said too, before generating
    await prompt.fill("a green dragon, bubbling and majestic");
    await page.getByTestId("prompt-ignored").waitFor();
    expect(await page.getByTestId("prompt-ignored").textContent()).toMatch(/would draw dragon but ignore “bubbling”, “majestic”/);
    expect(await balanceOf(page)).toEqual(before);

    // a subject another agent draws: it is named, and one click switches to it
    await page.getByLabel("Agent").selectOption("texture");
    await prompt.fill("a red potion");
    await warning.waitFor();
    expect(await warning.textContent()).toContain("Pixel sprite draws “potion”");
    await page.getByTestId("switch-agent").click();
    expect(await page.getByLabel("Agent").inputValue()).toBe("pixel-sprite");
    await page.getByTestId("prompt-understood").waitFor();
    expect(await page.getByTestId("prompt-understood").textContent()).toBe("Reads as: potion, with red.");
    expect(await balanceOf(page)).toEqual(before);
    await context.close();
  });

  it("shows the interpretation under every result: subject, modifiers, ignored words, and a fallback note", { timeout: 60_000 }, async () => {
    const { context, page } = await bench.newContext();
    await signUp(page, bench.origin, "interpretation-line@example.com");
    await page.getByLabel("Agent").selectOption("pixel-sprite");
    const prompt = page.getByLabel("Prompt");
    const generate = page.getByRole("button", { name: "Generate", exact: true });
    const result = page.getByRole("region", { name: "Result" });

    await prompt.fill("red knight with a sword, bubbling");
    await generate.click();
    const line = result.getByTestId("interpretation");
    await line.waitFor();
    expect(await result.getByTestId("interpretation-subject").textContent()).toBe("knight");
    expect(await line.textContent()).toMatch(/With\s*red, sword/);
    expect(await result.getByTestId("interpretation-ignored").textContent()).toBe("bubbling");
    expect(await result.getByTestId("interpretation-fallback").count()).toBe(0);

    // a word it has no drawing for: the result says what it was read as
    await prompt.fill("okapi");
    await generate.click();
    await expect.poll(() => result.getByTestId("interpretation-subject").textContent()).toBe("giraffe");
    expect(await result.getByTestId("interpretation-read-as").textContent()).toBe("okapi → giraffe");

    // a prompt it cannot read: the result says it is a random design
    await prompt.fill("a zorblax");
    await page.getByTestId("prompt-fallback").waitFor();
    await generate.click();
    await result.getByTestId("interpretation-fallback").waitFor();
    expect(await result.getByTestId("interpretation-subject").textContent()).toBe("a random design");
    expect(await result.getByTestId("interpretation-fallback").textContent()).toContain("random design");
    expect(await result.getByTestId("interpretation-ignored").textContent()).toBe("zorblax");
    // and a screen reader hears it with the result
    await expect.poll(() => page.getByTestId("generate-announcer").textContent()).toContain("this is a random design");

    // History says it for each generation too
    await page.getByRole("navigation").getByRole("link", { name: "History" }).click();
    const tiles = page.getByRole("list", { name: "Generations" }).getByTestId("tile-interpretation");
    await expect.poll(() => tiles.count()).toBe(3);
    expect(await tiles.allTextContents()).toEqual(["Random design: no subject it knows · ignored zorblax", "Drew giraffe", "Drew knight · ignored bubbling"]);
    expect(bench.problems).toEqual([]);
    await context.close();
  });
});
