import WebSocket from "ws";

/**
 * The Coinbase Exchange market-data WebSocket feed (wss://ws-feed.exchange.coinbase.com), its
 * public `ticker` and `heartbeat` channels (decision 230). One connection, kept open:
 *
 * - On open it sends `{"type":"subscribe","product_ids":[...],"channels":["heartbeat","ticker"]}`
 *   (the exchange closes a connection that has not subscribed within 5 s) and waits for the
 *   `subscriptions` answer before it calls itself live.
 * - `ticker` messages carry a per-product `sequence` and `trade_id`: a sequence not above the last
 *   one seen for that product is a duplicate or out of order and is dropped.
 * - `heartbeat` messages (one per product per second) carry `last_trade_id`: one above the last
 *   ticker's `trade_id` means tickers were missed (a gap), reported so the caller can fill it from
 *   the price API. Sequence numbers themselves skip on the ticker channel (it carries only matches).
 * - No valid message for `stallMs` (a silent stall) or an `error` message: the socket is dropped
 *   and opened again after a back-off (1 s doubling to `maxBackoffMs`, with jitter); a connection
 *   that stayed live for a while starts the back-off from 1 s again.
 * - Messages that are not JSON or not the shape above are counted and ignored; they never reset
 *   the stall watchdog.
 */

export interface StreamTick {
  symbol: string;
  price: number;
  /** The exchange's price 24 hours ago, for the change; null when it sent none. */
  open24h: number | null;
  volume24h: number | null;
  /** The exchange's time of the trade (ISO). */
  at: string;
}

export type UpstreamState = "connecting" | "live" | "down";

export interface MarketStreamHandlers {
  onTick(tick: StreamTick): void;
  /** The connection went live, or down (closed, stalled, refused). `reconnected` after a drop. */
  onState(state: UpstreamState, detail: { reconnected: boolean; reason?: string }): void;
  /** Tickers of these symbols were missed (heartbeat's last_trade_id ahead of the last ticker). */
  onGap(symbols: string[]): void;
}

export interface MarketStreamLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export interface MarketStreamOptions {
  url: string;
  /** Our symbols by the exchange's product id ("BTC-USD" -> "BTC"). */
  products: Record<string, string>;
  handlers: MarketStreamHandlers;
  log?: MarketStreamLogger;
  /** No heartbeat or ticker for this long: the feed is stalled (default 10 s; heartbeats are 1/s). */
  stallMs?: number;
  /** Longest wait between reconnects (default 60 s). */
  maxBackoffMs?: number;
  /** The first wait (default 1 s). */
  minBackoffMs?: number;
}

/** The tracked coins Coinbase Exchange lists against the US dollar. */
export const coinbaseProducts: Record<string, string> = {
  "BTC-USD": "BTC",
  "ETH-USD": "ETH",
  "XRP-USD": "XRP",
  "SOL-USD": "SOL",
  "ADA-USD": "ADA",
  "AVAX-USD": "AVAX",
  "DOT-USD": "DOT",
  "DOGE-USD": "DOGE",
  "LINK-USD": "LINK",
  "LTC-USD": "LTC",
};

const numberOrNull = (value: unknown): number | null => {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

const isSafeInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

export function createCoinbaseStream(options: MarketStreamOptions) {
  const { url, products, handlers, log } = options;
  const stallMs = options.stallMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const minBackoffMs = options.minBackoffMs ?? 1_000;
  /** Live this long: the next drop starts the back-off from the beginning again. */
  const stableMs = 30_000;

  let socket: WebSocket | null = null;
  let stopped = true;
  let attempts = 0;
  let everLive = false;
  let live = false;
  let liveSince = 0;
  let stallTimer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let malformed = 0;
  const lastSequence = new Map<string, number>();
  const lastTradeId = new Map<string, number>();

  function clearStall() {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
  }

  function armStall() {
    clearStall();
    stallTimer = setTimeout(() => drop("no heartbeat within the stall limit"), stallMs);
    stallTimer.unref();
  }

  function setDown(reason: string) {
    live = false;
    handlers.onState("down", { reconnected: false, reason });
  }

  /** Closes the socket (if any) and schedules the next attempt. */
  function drop(reason: string) {
    clearStall();
    const current = socket;
    socket = null;
    if (current) {
      current.removeAllListeners();
      current.on("error", () => {});
      current.terminate();
    }
    if (live && Date.now() - liveSince >= stableMs) attempts = 0;
    setDown(reason);
    if (stopped) return;
    const base = Math.min(maxBackoffMs, minBackoffMs * 2 ** Math.min(attempts, 16));
    const wait = Math.round(base / 2 + Math.random() * (base / 2));
    log?.warn({ reason, retryInMs: wait }, "market stream down; reconnecting after a pause");
    retryTimer = setTimeout(connect, wait);
    retryTimer.unref();
  }

  function onMessage(raw: WebSocket.RawData) {
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString());
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("shape");
      message = parsed as Record<string, unknown>;
    } catch {
      malformed += 1;
      if (malformed === 1 || malformed % 100 === 0) {
        log?.warn({ malformed }, "market stream sent a message that is not JSON; ignored");
      }
      return;
    }
    switch (message.type) {
      case "subscriptions": {
        armStall();
        if (!live) {
          live = true;
          liveSince = Date.now();
          const reconnected = everLive;
          everLive = true;
          handlers.onState("live", { reconnected });
        }
        return;
      }
      case "heartbeat": {
        const symbol = products[String(message.product_id)];
        if (!symbol || !isSafeInteger(message.last_trade_id)) {
          malformed += 1;
          return;
        }
        armStall();
        const known = lastTradeId.get(symbol);
        if (known !== undefined && message.last_trade_id > known) {
          // Trades happened that no ticker told us about.
          lastTradeId.set(symbol, message.last_trade_id);
          handlers.onGap([symbol]);
        } else if (known === undefined) {
          lastTradeId.set(symbol, message.last_trade_id);
        }
        return;
      }
      case "ticker": {
        const symbol = products[String(message.product_id)];
        const price = numberOrNull(message.price);
        const time = typeof message.time === "string" ? Date.parse(message.time) : Number.NaN;
        if (!symbol || !isSafeInteger(message.sequence) || price === null) {
          malformed += 1;
          return;
        }
        armStall();
        const previous = lastSequence.get(symbol);
        if (previous !== undefined && message.sequence <= previous) return; // duplicate or late
        lastSequence.set(symbol, message.sequence);
        if (isSafeInteger(message.trade_id)) {
          lastTradeId.set(symbol, Math.max(lastTradeId.get(symbol) ?? 0, message.trade_id));
        }
        handlers.onTick({
          symbol,
          price,
          open24h: numberOrNull(message.open_24h),
          volume24h: numberOrNull(message.volume_24h),
          at: new Date(Number.isFinite(time) ? time : Date.now()).toISOString(),
        });
        return;
      }
      case "error": {
        log?.warn(
          { message: message.message, reason: message.reason },
          "market stream answered with an error",
        );
        drop(`exchange error: ${String(message.message ?? "unknown")}`);
        return;
      }
      default:
        // New message types may appear at any time; the protocol says to ignore them.
        return;
    }
  }

  function connect() {
    retryTimer = null;
    if (stopped) return;
    attempts += 1;
    // A new connection starts a new sequence space per product only after a reconnect gap check.
    lastSequence.clear();
    const ws = new WebSocket(url, { handshakeTimeout: stallMs, perMessageDeflate: false });
    socket = ws;
    handlers.onState("connecting", { reconnected: everLive });
    armStall();
    ws.on("open", () => {
      ws.send(
        JSON.stringify({
          type: "subscribe",
          product_ids: Object.keys(products),
          channels: ["heartbeat", "ticker"],
        }),
      );
    });
    ws.on("message", onMessage);
    ws.on("close", (code) => {
      if (socket === ws) drop(`closed (${code})`);
    });
    ws.on("error", (error) => {
      if (socket === ws) drop(error.message);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempts = 0;
      connect();
    },
    /** Closes the connection for good (until start). */
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      clearStall();
      const current = socket;
      socket = null;
      live = false;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => {});
        current.terminate();
      }
    },
    isLive: () => live,
    malformedCount: () => malformed,
  };
}

export type MarketStream = ReturnType<typeof createCoinbaseStream>;
