import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * A local stand-in for Kraken's spot WebSocket API v2 (wss://ws.kraken.com/v2), public `ticker`
 * channel, as its documentation describes it:
 *
 * - on connect: `{"channel":"status","type":"update","data":[{"system":"online","api_version":"v2",
 *   "connection_id":n,"version":"2.0.x"}]}`, and again to every client when the system changes;
 * - `{"method":"subscribe","params":{"channel":"ticker","symbol":[..],"snapshot":true},"req_id":n}`
 *   is answered per symbol, `{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD",
 *   "snapshot":true},"success":true,"time_in":..,"time_out":..,"req_id":n}`, or for a pair it does
 *   not list `{"error":"Currency pair not supported BNB/USD","method":"subscribe","success":false,
 *   "symbol":"BNB/USD",...}`; then a `ticker` `snapshot` of the accepted symbols;
 * - `ticker` `update` messages the test sends, with JSON numbers and an RFC 3339 `timestamp`;
 * - `{"channel":"heartbeat"}` every `heartbeatMs` to subscribed clients that were sent nothing
 *   else meanwhile; `{"method":"ping","req_id":n}` answered with `pong`.
 * A test can also send raw text, stop the heartbeats (a silent stall), change the system status
 * or drop every connection.
 */
export interface FakeKrakenTicker {
  symbol: string;
  last: number;
  /** 24-hour change in the quote currency (default 2% of the price). */
  change?: number;
  /** RFC 3339; default now. */
  timestamp?: string;
}

export async function startFakeKrakenFeed(options: {
  heartbeatMs?: number;
  /** The symbols it lists and the snapshot's prices. */
  prices: Record<string, number>;
}) {
  const heartbeatMs = options.heartbeatMs ?? 200;
  const prices = new Map(Object.entries(options.prices));
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const subscribed = new Map<WebSocket, Set<string>>();
  const quiet = new Set<WebSocket>();
  const requests: unknown[] = [];
  let connections = 0;
  let heartbeats = true;
  let system = "online";

  const status = () =>
    JSON.stringify({
      channel: "status",
      type: "update",
      data: [{ version: "2.0.10", system, api_version: "v2", connection_id: 1000 + connections }],
    });
  const tickerItem = (tick: FakeKrakenTicker) => ({
    symbol: tick.symbol,
    bid: tick.last,
    bid_qty: 1.5,
    ask: tick.last,
    ask_qty: 2.5,
    last: tick.last,
    volume: 1234.5,
    vwap: tick.last,
    low: tick.last * 0.9,
    high: tick.last * 1.1,
    change: tick.change ?? tick.last * 0.02,
    change_pct: 2,
    timestamp: tick.timestamp ?? new Date().toISOString(),
  });
  const send = (socket: WebSocket, text: string) => {
    quiet.delete(socket);
    socket.send(text);
  };

  const beat = setInterval(() => {
    for (const socket of subscribed.keys()) {
      // Heartbeats only in the absence of other messages since the last one.
      if (heartbeats && quiet.has(socket)) socket.send(JSON.stringify({ channel: "heartbeat" }));
      quiet.add(socket);
    }
  }, heartbeatMs);

  server.on("connection", (socket) => {
    connections += 1;
    socket.send(status());
    socket.on("close", () => {
      subscribed.delete(socket);
      quiet.delete(socket);
    });
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      requests.push(message);
      const now = () => new Date().toISOString();
      if (message.method === "ping") {
        send(socket, JSON.stringify({ method: "pong", req_id: message.req_id, time_in: now() }));
        return;
      }
      if (message.method !== "subscribe" || message.params?.channel !== "ticker") return;
      const symbols = new Set<string>();
      for (const symbol of message.params.symbol as string[]) {
        if (prices.has(symbol)) {
          symbols.add(symbol);
          send(
            socket,
            JSON.stringify({
              method: "subscribe",
              result: { channel: "ticker", symbol, snapshot: message.params.snapshot !== false },
              success: true,
              time_in: now(),
              time_out: now(),
              req_id: message.req_id,
            }),
          );
        } else {
          send(
            socket,
            JSON.stringify({
              error: `Currency pair not supported ${symbol}`,
              method: "subscribe",
              success: false,
              symbol,
              time_in: now(),
              time_out: now(),
              req_id: message.req_id,
            }),
          );
        }
      }
      subscribed.set(socket, symbols);
      if (message.params.snapshot !== false) {
        const data = [...symbols].map((symbol) =>
          tickerItem({ symbol, last: prices.get(symbol)! }),
        );
        send(socket, JSON.stringify({ channel: "ticker", type: "snapshot", data }));
      }
    });
  });

  function broadcast(text: string, symbol?: string) {
    for (const [socket, symbols] of subscribed) {
      if (!symbol || symbols.has(symbol)) send(socket, text);
    }
  }

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v2`,
    connectionCount: () => connections,
    openCount: () => subscribed.size,
    requests,
    /** A ticker update (the snapshot's schema). */
    ticker(tick: FakeKrakenTicker) {
      prices.set(tick.symbol, tick.last);
      broadcast(
        JSON.stringify({ channel: "ticker", type: "update", data: [tickerItem(tick)] }),
        tick.symbol,
      );
    },
    raw: (text: string) => broadcast(text),
    setHeartbeats(on: boolean) {
      heartbeats = on;
    },
    /** The trading engine's state, told to every client. */
    setSystem(state: "online" | "maintenance" | "cancel_only" | "post_only") {
      system = state;
      for (const socket of server.clients) send(socket, status());
    },
    /** Closes every connection (the exchange restarted). */
    dropAll() {
      for (const socket of server.clients) socket.terminate();
      subscribed.clear();
    },
    async close() {
      clearInterval(beat);
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeKrakenFeed = Awaited<ReturnType<typeof startFakeKrakenFeed>>;
