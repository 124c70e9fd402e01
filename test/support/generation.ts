import { PNG } from "pngjs";
import { origin, type TestApp } from "./harness.js";
import { bearer } from "./users.js";

export interface GenerationBody {
  id: string;
  status: string;
  agentId: string;
  seed: number;
  width: number;
  height: number;
  transparent: boolean;
  assets: { id: string; url: string; mimeType: string; width: number; height: number; bytes: number; sha256: string; b64?: string }[];
  credits: { charged: number; refunded: number; balance: number };
  error?: { code: string; message: string };
}

export const generateWithKey = (t: TestApp, secret: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request("/api/v1/generate", {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(secret), ...headers },
    body: JSON.stringify(body),
  });

export const generateWithCookie = (
  t: TestApp,
  cookie: string,
  path: "/api/ai/generate" | "/api/ai/stream",
  body: unknown,
  headers: Record<string, string> = {},
) =>
  t.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin, ...headers },
    body: JSON.stringify(body),
  });

export function decodePng(b64: string): PNG {
  return PNG.sync.read(Buffer.from(b64, "base64"));
}

export interface ParsedEvent {
  event: string;
  id: number;
  data: Record<string, unknown>;
}

/** Reads a whole text/event-stream body into events (comments dropped). */
export async function readEvents(response: Response): Promise<ParsedEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => block.split("\n").filter((line) => !line.startsWith(":") && line !== ""))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      return { event: field("event")!, id: Number(field("id")), data: JSON.parse(field("data")!) as Record<string, unknown> };
    });
}

/** Polls the database until every generation of the account is over. */
export async function waitForAllDone(t: TestApp, accountId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await t.db.prisma.generation.count({ where: { accountId, status: { in: ["queued", "running"] } } });
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("generations still running");
}

/** Balance, ledger sum and the last entry's balanceAfter must agree. */
export async function expectBalancedLedger(t: TestApp, accountId: string): Promise<number> {
  const audit = await t.app.services.credits.audit(accountId);
  if (audit.balance !== audit.ledgerSum || (audit.lastBalanceAfter !== null && audit.lastBalanceAfter !== audit.balance)) {
    throw new Error(`ledger out of balance: ${JSON.stringify(audit)}`);
  }
  return audit.balance;
}
