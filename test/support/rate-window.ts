/**
 * Generate and read quotas are fixed windows aligned on whole minutes (contract section 3). A
 * test that must see its requests counted in one window waits, when the current window has less
 * than `needMs` left, until just after the next one opens. It waits at most `needMs`.
 */
export async function inOneWindow(needMs: number, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
