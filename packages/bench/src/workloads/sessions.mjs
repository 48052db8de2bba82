// Server memory per idle Streamable HTTP session: open N sessions (initialize + initialized, over
// plain fetch so the client side is identical for every server) against a server child run with
// --expose-gc, and divide the growth of its heap and RSS after GC by N.
//
// RSS growth is reported whole and without the young generation. After a full GC the young
// generation (V8's new space) is empty, but V8 keeps the semi-spaces it grew while scavenges saw
// many surviving objects, up to a fixed cap (two 16 MiB semi-spaces, 32 MiB resident, on 64-bit
// node 20) that it reaches after some tens of megabytes of surviving allocation whatever the session
// count. Opening 1,000 sessions grows it by about 20 MiB for every contender, which divided by N
// looked like ~20 KiB per session; it is a per-process buffer holding no objects. The RSS target
// is reported both whole and as RSS growth minus young-generation growth, the same for every
// contender.
import { sdkContenders } from "../contenders/index.mjs";
import { interleaved } from "../lib/compare.mjs";
import { startHttpChild } from "../lib/http-child.mjs";
import { bytes, printTable } from "../lib/table.mjs";
import { target } from "../lib/targets.mjs";

export const name = "sessions";

const PROTOCOL = "2025-06-18";
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const PARALLEL = 16;

/** One session: initialize, then notifications/initialized. Returns the session id. */
export async function openSession(url) {
  const init = await fetch(url, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: PROTOCOL,
        capabilities: {},
        clientInfo: { name: "bench", version: "1.0.0" },
      },
    }),
  });
  const body = await init.text();
  const session = init.headers.get("mcp-session-id");
  if (init.status !== 200 || !session || !body.includes('"serverInfo"'))
    throw new Error(`initialize failed: ${init.status} ${body.slice(0, 200)}`);
  const done = await fetch(url, {
    method: "POST",
    headers: { ...HEADERS, "mcp-session-id": session, "mcp-protocol-version": PROTOCOL },
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  await done.arrayBuffer();
  if (done.status !== 202) throw new Error(`initialized notification answered ${done.status}`);
  return session;
}

async function openSessions(url, count) {
  const ids = new Set();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      ids.add(await openSession(url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
  if (ids.size !== count) throw new Error(`expected ${count} distinct session ids, got ${ids.size}`);
}

async function measure(contender, sessions) {
  const server = await startHttpChild(contender.serverScript, { exposeGc: true });
  try {
    await openSessions(server.url, 1); // loads whatever a first session loads lazily
    const before = await server.memory();
    if (!before.gc) throw new Error("server child has no gc(): --expose-gc missing");
    await openSessions(server.url, sessions);
    const after = await server.memory();
    const per = (key) => (after[key] - before[key]) / sessions;
    return {
      contender: contender.name,
      sessions,
      heapPerSession: per("heapUsed"),
      heapTotalPerSession: per("heapTotal"),
      externalPerSession: per("external"),
      youngGenPerSession: per("youngGen"),
      rssPerSession: per("rss"),
      rssOldPerSession: per("rss") - per("youngGen"),
    };
  } finally {
    await server.stop();
  }
}

export async function run({ sessions, reps }) {
  // Each repetition starts a fresh server child; RSS and the young generation vary by a tenth or
  // more from one to the next, so the medians of interleaved repetitions are reported.
  const runs = new Map(sdkContenders.map((c) => [c.name, () => measure(c, sessions)]));
  const medians = await interleaved(runs, { reps, warmup: false });
  const rows = [...medians].map(([contender, m]) => ({ contender, ...m }));
  console.log(
    `\nserver memory per idle HTTP session (${sessions} sessions, after GC; median of ${reps} runs)`,
  );
  printTable(
    rows.map((r) => ({
      ...r,
      heap: bytes(r.heapPerSession),
      heapTotal: bytes(r.heapTotalPerSession),
      external: bytes(r.externalPerSession),
      youngGen: bytes(r.youngGenPerSession),
      rss: bytes(r.rssPerSession),
      rssOld: bytes(r.rssOldPerSession),
    })),
    [
      ["contender", "contender"],
      ["heap", "heapUsed/session"],
      ["heapTotal", "heapTotal/session"],
      ["external", "external/session"],
      ["rss", "RSS/session"],
      ["youngGen", "of which young gen"],
      ["rssOld", "RSS − young gen"],
    ],
  );
  const of = (who, key) => rows.find((r) => r.contender === who)?.[key];
  // Whole RSS stays a target too, so the young-generation adjustment never hides a regression.
  const titles = {
    heapPerSession: "heapUsed",
    rssPerSession: "RSS",
    rssOldPerSession: "RSS (without young gen)",
  };
  const targets = Object.keys(titles).map((key) =>
    target({
      title: `idle HTTP session ${titles[key]} ≤ ⅕ of official`,
      ours: of("mcpkit", key),
      theirs: { "official 2.x": of("official 2.x", key), "official 1.x": of("official 1.x", key) },
      better: "lower",
      goal: 0.2,
    }),
  );
  return { rows, targets };
}
