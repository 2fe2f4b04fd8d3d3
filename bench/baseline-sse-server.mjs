// The streaming bench's baseline: a bare node:http Server-Sent Events fan-out doing the least any
// such server must do at the same rate, measured right next to ours with the same readers. It
// makes `rate` ticks a second itself over ten coins (each stamped with its time), collects them
// per coin and every 250 ms (our hub's interval) writes one `prices` event with the changed coins,
// in our event's shape, to every open connection; a new connection gets the full prices first.
import http from "node:http";

const [, , port, rateArgument] = process.argv;
const rate = Number(rateArgument);
const symbols = ["BTC", "ETH", "XRP", "SOL", "ADA", "AVAX", "DOT", "DOGE", "LINK", "LTC"];
const prices = new Map(symbols.map((symbol, index) => [symbol, 100 + index]));
const clients = new Set();
const changed = new Map();
let eventNumber = 0;
let next = 0;
let made = 0;
const started = Date.now();

const frame = (data) =>
  `id: ${Date.now()}-${++eventNumber}\nevent: prices\ndata: ${JSON.stringify(data)}\n\n`;

setInterval(() => {
  const due = Math.floor(((Date.now() - started) / 1000) * rate) - made;
  for (let i = 0; i < due; i += 1) {
    const symbol = symbols[next % symbols.length];
    next += 1;
    made += 1;
    const price = prices.get(symbol) * (1 + (Math.random() - 0.5) / 1000);
    prices.set(symbol, price);
    changed.set(symbol, { symbol, price, change24h: 1.5, at: new Date().toISOString() });
  }
}, 10);

setInterval(() => {
  if (changed.size === 0) return;
  const coins = [...changed.values()];
  changed.clear();
  const text = frame({ state: "live", updatedAt: coins[0].at, full: false, coins });
  for (const response of clients) {
    if (response.writableLength > 64 * 1024) response.destroy();
    else response.write(text);
  }
}, 250);

http
  .createServer((request, response) => {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
    });
    clients.add(response);
    request.on("close", () => clients.delete(response));
    const at = new Date().toISOString();
    const coins = symbols.map((symbol) => ({
      symbol,
      price: prices.get(symbol),
      change24h: 1.5,
      at,
    }));
    response.write(`retry: 5000\n\n${frame({ state: "live", updatedAt: at, full: true, coins })}`);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.({ ready: true }));
process.on("disconnect", () => process.exit(0));
