import WebSocket from "ws";

/**
 * What every exchange feed adapter shares (decisions 230, 280): one WebSocket, kept open.
 *
 * - No sign of life for `stallMs` (a silent stall), a closed socket, a refused handshake or a
 *   protocol error the adapter reports: the socket is dropped and opened again after a back-off
 *   (`minBackoffMs` doubling to `maxBackoffMs`, with jitter); a connection that stayed live for
 *   30 s starts the back-off from the first step again.
 * - Text that is not a JSON object is counted and ignored; it never counts as a sign of life.
 * - The adapter (`ExchangeProtocol`) says what to send on open, which messages are signs of life,
 *   when the feed is live (subscribed, exchange online) and when it is not.
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
  /** Ticks of these symbols were missed (the feed showed trades no ticker reported). */
  onGap(symbols: string[]): void;
}

export interface MarketStreamLogger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  debug?(object: object, message: string): void;
}

export interface MarketStreamOptions {
  url: string;
  /** Our symbols by the exchange's product id ("BTC-USD" or "BTC/USD" -> "BTC"). */
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

/** What an adapter may do with the connection while it reads a message. */
export interface ExchangeLink {
  send(message: object): void;
  /** A valid message: the stall watchdog starts again. */
  alive(): void;
  /** Subscribed and the exchange is online: prices are live. */
  live(): void;
  /** Connected, but prices are not live (the exchange is in maintenance): "down", no reconnect. */
  notLive(reason: string): void;
  /** Give up on this connection and open a new one after the back-off. */
  drop(reason: string): void;
  /** A JSON message that is not the protocol's shape: counted, ignored. */
  malformed(): void;
}

export interface ExchangeProtocol {
  /** A new connection: forget per-connection state (sequence numbers). */
  reset(): void;
  /** The socket is open: subscribe. */
  onOpen(link: ExchangeLink): void;
  onMessage(message: Record<string, unknown>, link: ExchangeLink): void;
}

export const numberOrNull = (value: unknown): number | null => {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

export function createExchangeSocket(
  options: Omit<MarketStreamOptions, "products">,
  protocol: ExchangeProtocol,
) {
  const { url, handlers, log } = options;
  const stallMs = options.stallMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const minBackoffMs = options.minBackoffMs ?? 1_000;
  /** Live this long: the next drop starts the back-off from the beginning again. */
  const stableMs = 30_000;

  let socket: WebSocket | null = null;
  let stopped = true;
  /** Drops since the last connection that stayed live `stableMs`: the next wait's step. */
  let failures = 0;
  let everLive = false;
  let live = false;
  let liveSince = 0;
  let stallTimer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let malformed = 0;

  function clearStall() {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
  }

  function armStall() {
    clearStall();
    stallTimer = setTimeout(() => drop("no heartbeat within the stall limit"), stallMs);
    stallTimer.unref();
  }

  function terminate(current: WebSocket | null) {
    if (!current) return;
    current.removeAllListeners();
    current.on("error", () => {});
    current.terminate();
  }

  /** Closes the socket (if any) and schedules the next attempt. */
  function drop(reason: string) {
    clearStall();
    const current = socket;
    socket = null;
    terminate(current);
    if (live && Date.now() - liveSince >= stableMs) failures = 0;
    live = false;
    handlers.onState("down", { reconnected: false, reason });
    if (stopped) return;
    // The first drop waits `minBackoffMs` (up to jitter), each further one twice the last.
    const base = Math.min(maxBackoffMs, minBackoffMs * 2 ** Math.min(failures, 16));
    failures += 1;
    const wait = Math.round(base / 2 + Math.random() * (base / 2));
    log?.warn({ reason, retryInMs: wait }, "market stream down; reconnecting after a pause");
    retryTimer = setTimeout(connect, wait);
    retryTimer.unref();
  }

  function linkFor(ws: WebSocket): ExchangeLink {
    const current = () => socket === ws;
    return {
      send(message) {
        if (current() && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
      },
      alive() {
        if (current()) armStall();
      },
      live() {
        if (!current() || live) return;
        live = true;
        liveSince = Date.now();
        const reconnected = everLive;
        everLive = true;
        handlers.onState("live", { reconnected });
      },
      notLive(reason) {
        if (!current() || !live) return;
        live = false;
        handlers.onState("down", { reconnected: false, reason });
      },
      drop(reason) {
        if (current()) drop(reason);
      },
      malformed() {
        malformed += 1;
      },
    };
  }

  function connect() {
    retryTimer = null;
    if (stopped) return;
    protocol.reset();
    const ws = new WebSocket(url, { handshakeTimeout: stallMs, perMessageDeflate: false });
    socket = ws;
    const link = linkFor(ws);
    handlers.onState("connecting", { reconnected: everLive });
    armStall();
    ws.on("open", () => protocol.onOpen(link));
    ws.on("message", (raw) => {
      let message: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw.toString());
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
          throw new Error("shape");
        message = parsed as Record<string, unknown>;
      } catch {
        malformed += 1;
        if (malformed === 1 || malformed % 100 === 0) {
          log?.warn({ malformed }, "market stream sent a message that is not JSON; ignored");
        }
        return;
      }
      protocol.onMessage(message, link);
    });
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
      failures = 0;
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
      terminate(current);
    },
    isLive: () => live,
    malformedCount: () => malformed,
  };
}

export type MarketStream = ReturnType<typeof createExchangeSocket>;
