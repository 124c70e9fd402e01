/**
 * Price follows cost (contract section 12): whatever an output's own rule says (an image: the agent's price; a
 * sheet: per 8 frames; a tileset: per 16 tiles), an output of more than one megapixel costs at least `credits`
 * per megapixel begun, as drawing, encoding, storing and serving it cost by its pixels. A 3584 × 3584 tileset
 * (12.8 MP) costs 13 × credits; a 1024 × 1024 picture (1.05 MP) 2 ×.
 */
export const MEGAPIXEL = 1_000_000;

export function pixelPrice(credits: number, width: number, height: number): number {
  const pixels = width * height;
  return pixels > MEGAPIXEL ? credits * Math.ceil(pixels / MEGAPIXEL) : credits;
}

/** An output's price: its own rule's, raised to its pixels' where that is more. */
export function outputPrice(ownPrice: number, credits: number, width: number, height: number): number {
  return Math.max(ownPrice, pixelPrice(credits, width, height));
}
