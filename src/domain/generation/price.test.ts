import { describe, expect, it } from "vitest";
import { outputPrice, pixelPrice } from "./price.js";

describe("price follows cost", () => {
  it("charges credits per megapixel begun above one megapixel", () => {
    expect(pixelPrice(2, 64, 64)).toBe(2);
    expect(pixelPrice(2, 1000, 1000)).toBe(2);
    expect(pixelPrice(2, 1000, 1001)).toBe(4);
    expect(pixelPrice(2, 1024, 1024)).toBe(4);
    expect(pixelPrice(2, 3584, 3584)).toBe(26);
    expect(pixelPrice(0, 3584, 3584)).toBe(0);
  });
  it("keeps an output's own price where it is more", () => {
    expect(outputPrice(6, 2, 3584, 3584)).toBe(26);
    expect(outputPrice(23, 1, 768, 1280)).toBe(23);
  });
});
