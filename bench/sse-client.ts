/**
 * Child process of the streams benchmark (bench/sse.ts): opens one `GET
 * /api/v1/generations/:id/events` stream per id and records, per stream, every event's `id:`
 * (sequence number), type and arrival time (epoch ms, sub-ms resolution).
 *
 * Protocol: stdin line 1 = {url, key, ids, openConcurrency}; a later stdin line "finish" closes
 * whatever is still open. stdout: {"type":"opened",…} once every stream got its first event (or
 * failed), then {"type":"done",…} once every stream ended.
 */
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";

interface Input {
  url: string;
  key: string;
  ids: string[];
  openConcurrency: number;
}

export interface StreamRecord {
  id: string;
  status: number;
  /** Epoch ms when the first event arrived (the subscription is live from then on at the latest). */
  firstEventAt: number | null;
  /** [seq, arrival epoch ms, type] per event. */
  events: [number, number, string][];
  /** `completedAt` from the data of generation.completed (epoch ms). */
  completedAt: number | null;
  end: "terminal" | "closed" | "error" | "forced" | "open";
  error?: string;
}

const now = () => performance.timeOrigin + performance.now();
const write = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const terminal = new Set(["generation.completed", "generation.failed"]);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const input = JSON.parse(String((await lines.next()).value)) as Input;
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
const records: StreamRecord[] = [];
const closers: (() => void)[] = [];
let ended = 0;
let settled = 0;
let resolveOpened: () => void = () => undefined;
let resolveDone: () => void = () => undefined;
const allOpened = new Promise<void>((r) => (resolveOpened = r));
const allDone = new Promise<void>((r) => (resolveDone = r));

function open(id: string): Promise<void> {
  const record: StreamRecord = { id, status: 0, firstEventAt: null, events: [], completedAt: null, end: "open" };
  records.push(record);
  return new Promise<void>((firstEvent) => {
    let first = false;
    const markFirst = () => {
      if (!first) {
        first = true;
        if (++settled === input.ids.length) resolveOpened();
        firstEvent();
      }
    };
    const finish = (end: StreamRecord["end"], error?: string) => {
      if (record.end !== "open") return;
      record.end = end;
      if (error) record.error = error;
      markFirst();
      if (++ended === input.ids.length) resolveDone();
    };
    const req = request(`${input.url}/api/v1/generations/${id}/events`, {
      agent,
      headers: { authorization: `Bearer ${input.key}`, accept: "text/event-stream" },
    });
    closers.push(() => {
      finish("forced");
      req.destroy();
    });
    req.on("error", (error) => finish("error", error.message));
    req.on("response", (res) => {
      record.status = res.statusCode ?? 0;
      if (record.status !== 200) {
        res.resume();
        finish("error", `status ${record.status}`);
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = "message";
          let seq = NaN;
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) type = line.slice(7);
            else if (line.startsWith("id: ")) seq = Number(line.slice(4));
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (data === "") continue; // a comment (": stream open", ": keep-alive")
          if (record.firstEventAt === null) record.firstEventAt = at;
          record.events.push([seq, at, type]);
          if (type === "generation.completed") {
            const completedAt = (JSON.parse(data) as { completedAt?: string }).completedAt;
            record.completedAt = completedAt ? Date.parse(completedAt) : null;
          }
          markFirst();
          if (terminal.has(type)) {
            finish("terminal");
            res.destroy();
          }
        }
      });
      res.on("end", () => finish("closed"));
      res.on("close", () => finish("closed"));
    });
    req.end();
  });
}

const started = now();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(input.openConcurrency, input.ids.length) }, async () => {
    while (next < input.ids.length) await open(input.ids[next++]!);
  }),
);
await allOpened;
const failed = records.filter((r) => r.end === "error").length;
write({ type: "opened", ok: input.ids.length - failed, failed, ms: now() - started });

void (async () => {
  for (;;) {
    const line = await lines.next();
    if (line.done || String(line.value).trim() === "finish") break;
  }
  for (const close of closers) close();
})();

await allDone;
// Pipes are written asynchronously: exit only once the (large) last line is flushed.
process.stdout.write(`${JSON.stringify({ type: "done", records })}\n`, () => process.exit(0));
