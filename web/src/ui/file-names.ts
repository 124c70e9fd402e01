/** The name a downloaded asset is saved under: a slug of its prompt and its seed. */
export function fileName(prompt: string | null, seed: number): string {
  const slug = (prompt ?? "asset")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `${slug || "asset"}-${seed}.png`;
}
