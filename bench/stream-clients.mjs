// The streaming bench's readers (a child process of their own): N GET /api/stream connections,
// each parsed as a browser's EventSource would, spread over local addresses 127.0.0.1-16 (all on
// this machine). For every coin in a `prices` change event it notes the time from the tick's
// exchange time (`at`, stamped by the bench's feed when it sent the tick) to now: the tick-to-
// reader latency (one reader in four is timed). Commands over IPC: { open: { url, count } } -> { held, refused, failed },
// { reset: true } -> starts a measurement, { report: true } -> the measurement,
// { close: true } -> every connection ended.
import http from "node:http";

const clients = new Set();
/** Latencies by whole millisecond, up to a minute (later ones count in the last slot). */
const histogram = new Uint32Array(60_001);
let samples = 0;
let events = 0;
let droppedByServer = 0;

function openOne(url, index) {
  return new Promise((resolve) => {
    const request = http.get(
      url,
      {
        agent: false,
        headers: { accept: "text/event-stream" },
        localAddress: `127.0.0.${(index % 16) + 1}`,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          resolve({ status: response.statusCode });
          return;
        }
        const client = { request, response, closing: false };
        clients.add(client);
        // One reader in four parses its events and times them, spread over the connection order;
        // the others only read (the readers' own CPU is on the same two cores as the servers).
        const timed = index % 4 === 0;
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (!timed || !block.includes("event: prices")) continue;
            const data = block.slice(block.indexOf("data: ") + 6);
            const now = Date.now();
            const prices = JSON.parse(data);
            events += 1;
            if (prices.full) continue;
            for (const coin of prices.coins) {
              histogram[Math.max(0, Math.min(60_000, now - Date.parse(coin.at)))] += 1;
              samples += 1;
            }
          }
        });
        response.on("close", () => {
          if (!client.closing) droppedByServer += 1;
          clients.delete(client);
        });
        resolve({ status: 200 });
      },
    );
    request.on("error", (error) => resolve({ error: error.code ?? error.message }));
    // A server too busy to answer within 30 s counts as not held (the bench must not hang).
    const unanswered = setTimeout(() => request.destroy(new Error("no answer in 30 s")), 30_000);
    request.on("response", () => clearTimeout(unanswered));
    request.on("close", () => clearTimeout(unanswered));
  });
}

async function open({ url, count }) {
  const refused = {};
  let failed = 0;
  // In batches, as readers arrive over a few seconds rather than in one instant.
  for (let start = 0; start < count; start += 250) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + 250); index += 1) {
      batch.push(openOne(url, index));
    }
    for (const result of await Promise.all(batch)) {
      if (result.error) failed += 1;
      else if (result.status !== 200) refused[result.status] = (refused[result.status] ?? 0) + 1;
    }
  }
  return { held: clients.size, refused, failed };
}

function percentile(p) {
  if (samples === 0) return Number.NaN;
  const rank = Math.ceil(samples * p);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

process.on("message", async (message) => {
  if (message.open) process.send(await open(message.open));
  if (message.reset) {
    histogram.fill(0);
    samples = 0;
    events = 0;
    droppedByServer = 0;
    process.send({ ok: true });
  }
  if (message.report) {
    process.send({
      held: clients.size,
      droppedByServer,
      events,
      samples,
      p50: percentile(0.5),
      p99: percentile(0.99),
      max: percentile(1),
    });
  }
  if (message.close) {
    for (const client of clients) {
      client.closing = true;
      client.request.destroy();
    }
    clients.clear();
    process.send({ ok: true });
  }
});
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
