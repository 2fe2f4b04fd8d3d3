import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * A local stand-in for the Coinbase Exchange WebSocket feed (ws-feed.exchange.coinbase.com),
 * speaking its protocol: a client must send `{"type":"subscribe","product_ids":[..],"channels":[..]}`
 * within 5 s or is closed; the answer is a `subscriptions` message; then `heartbeat` messages (one
 * per product per `heartbeatMs`, with `sequence` and `last_trade_id`) and the `ticker` messages a
 * test sends, each with the product's next `sequence` and `trade_id` unless the test sets them.
 * A test can also send raw text, stop the heartbeats (a silent stall), drop every connection,
 * refuse new connections (the handshake answered 503, as an exchange that is down does), or have
 * the heartbeats carry `last_trade_id` 0 (what the real feed has been seen to send, decision 230).
 */
export interface FakeFeedTicker {
  product: string;
  price: string | number;
  sequence?: number;
  tradeId?: number;
  open24h?: string;
}

export async function startFakeCoinbaseFeed(options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? 200;
  let refusing = false;
  const server = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    verifyClient: (_info, answer) => (refusing ? answer(false, 503) : answer(true)),
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const subscribed = new Set<WebSocket>();
  const subscriptions: unknown[] = [];
  let connections = 0;
  let heartbeats = true;
  let zeroTradeIds = false;
  let heartbeatRounds = 0;
  const sequence = new Map<string, number>();
  const tradeId = new Map<string, number>();
  let products: string[] = [];

  const nextSequence = (product: string) => {
    const next = (sequence.get(product) ?? 1000) + 1;
    sequence.set(product, next);
    return next;
  };

  function broadcast(text: string) {
    for (const socket of subscribed) socket.send(text);
  }

  const beat = setInterval(() => {
    if (!heartbeats) return;
    heartbeatRounds += 1;
    for (const product of products) {
      broadcast(
        JSON.stringify({
          type: "heartbeat",
          sequence: nextSequence(product),
          last_trade_id: zeroTradeIds ? 0 : (tradeId.get(product) ?? 500),
          product_id: product,
          time: new Date().toISOString(),
        }),
      );
    }
  }, heartbeatMs);

  server.on("connection", (socket) => {
    connections += 1;
    const deadline = setTimeout(() => socket.close(1008, "subscribe within 5 seconds"), 5000);
    socket.on("close", () => {
      clearTimeout(deadline);
      subscribed.delete(socket);
    });
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type !== "subscribe") return;
      clearTimeout(deadline);
      subscriptions.push(message);
      products = message.product_ids;
      subscribed.add(socket);
      socket.send(
        JSON.stringify({
          type: "subscriptions",
          channels: message.channels.map((name: string) => ({
            name,
            product_ids: message.product_ids,
          })),
        }),
      );
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connectionCount: () => connections,
    /** How many times the heartbeats of every product have been sent. */
    heartbeatRounds: () => heartbeatRounds,
    openCount: () => subscribed.size,
    subscriptions,
    /** A ticker message; sequence and trade id count up per product unless given. */
    ticker(tick: FakeFeedTicker) {
      const seq = tick.sequence ?? nextSequence(tick.product);
      if (tick.sequence !== undefined) {
        sequence.set(tick.product, Math.max(sequence.get(tick.product) ?? 0, tick.sequence));
      }
      const trade = tick.tradeId ?? (tradeId.get(tick.product) ?? 500) + 1;
      tradeId.set(tick.product, Math.max(tradeId.get(tick.product) ?? 0, trade));
      broadcast(
        JSON.stringify({
          type: "ticker",
          sequence: seq,
          product_id: tick.product,
          price: String(tick.price),
          open_24h: tick.open24h ?? String(Number(tick.price) * 0.98),
          volume_24h: "1234.5",
          low_24h: "1",
          high_24h: "1000000",
          best_bid: String(tick.price),
          best_ask: String(tick.price),
          side: "buy",
          time: new Date().toISOString(),
          trade_id: trade,
          last_size: "0.01",
        }),
      );
    },
    /** Trades that no ticker reports: the next heartbeats carry a higher last_trade_id. */
    skipTrades(product: string, count: number) {
      tradeId.set(product, (tradeId.get(product) ?? 500) + count);
    },
    raw: (text: string) => broadcast(text),
    setHeartbeats(on: boolean) {
      heartbeats = on;
    },
    /** Refuses (503) every new connection while on; open ones stay. */
    setRefusing(on: boolean) {
      refusing = on;
    },
    /** Heartbeats carry `last_trade_id: 0` while on (the trade ids still count up). */
    setZeroTradeIds(on: boolean) {
      zeroTradeIds = on;
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

export type FakeCoinbaseFeed = Awaited<ReturnType<typeof startFakeCoinbaseFeed>>;
