import type { ServerResponse } from "node:http";
import type { TickerData } from "@aurumwire/shared/market";
import type {
  StreamEventName,
  StreamPriceCoin,
  StreamPricesEvent,
  StreamState,
} from "@aurumwire/shared/realtime-events";
import { isAfter, nextEventId, type RealtimeBus, type RealtimeMessage } from "./bus";

/**
 * The readers' side of real time (decision 231): every open `GET /api/stream` of this instance.
 *
 * - A new connection gets `retry`, the current prices at once (`prices`, `full`), and, with a
 *   Last-Event-ID, the breaking and live-coverage events it missed that are still in the recent
 *   list (the last `recentEvents`).
 * - Prices are coalesced: changes collect per coin and go out together every `priceIntervalMs`
 *   (the latest value wins), serialized once for all connections. A client never has a backlog.
 * - A comment line every `heartbeatMs` keeps proxies and idle timers from closing the connection.
 * - A reader that is behind (its last write is still unsent) is skipped by price events: when it
 *   has caught up it gets the whole current prices once, so a slow phone on a bad network never
 *   holds a queue of stale prices (decision 324). One whose unsent data passes `maxBufferedBytes`,
 *   or that stays behind for `maxBehindMs`, is dropped (it does not read), so a slow consumer
 *   cannot grow the server's memory or hold a connection slot.
 * - At most `maxPerAddress` connections per client address (429 past it) and `maxConnections` in
 *   all (503 past it).
 *
 * The answers never touch the page cache: they are hijacked from Fastify and written here.
 */
export interface StreamHubOptions {
  bus: RealtimeBus;
  /** The prices as served now (a new connection's first event). */
  ticker: () => TickerData;
  /** Whether an exchange stream is configured (else the state is "polling"). */
  streaming: boolean;
  maxPerAddress: number;
  maxConnections: number;
  priceIntervalMs?: number;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  maxBehindMs?: number;
  recentEvents?: number;
  /**
   * No state message from the stream's holder for this long: "delayed" (it died), told to readers
   * at once. The holder repeats its state every ~3.3 s (a third of its 10 s lease); 7.5 s is two
   * repeats missed, well before another instance could take over (~13 s, decision 318).
   */
  stateStaleMs?: number;
}

/** Default of `stateStaleMs` (decision 318). */
export const defaultStateStaleMs = 7_500;

interface Client {
  response: ServerResponse;
  address: string;
  /** When its unsent data was first seen waiting (null: caught up). */
  behindSince: number | null;
  /** Price events were skipped while it was behind: it gets the whole prices next. */
  missedPrices: boolean;
}

export type OpenResult =
  | { ok: true }
  | { ok: false; status: 429 | 503; error: string; code: string; retryAfterSeconds: number };

export function createStreamHub(options: StreamHubOptions) {
  const { bus, ticker, streaming } = options;
  const priceIntervalMs = options.priceIntervalMs ?? 250;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 64 * 1024;
  const maxBehindMs = options.maxBehindMs ?? 60_000;
  const recentLimit = options.recentEvents ?? 200;
  const stateStaleMs = options.stateStaleMs ?? defaultStateStaleMs;

  const clients = new Set<Client>();
  const perAddress = new Map<string, number>();
  const changed = new Map<string, StreamPriceCoin>();
  const recent: Array<{ id: string; name: StreamEventName; frame: string }> = [];
  let state: StreamState = streaming ? "delayed" : "polling";
  let stateAt = 0;
  let priceTimer: NodeJS.Timeout | null = null;
  let staleTimer: NodeJS.Timeout | null = null;
  let dropped = 0;
  let skippedBehind = 0;
  /** The whole current prices as one frame, made once for every reader that catches up. */
  let fullFrame: Buffer | null = null;
  let ticksReceived = 0;

  const frame = (name: StreamEventName, id: string, data: unknown) =>
    `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

  function currentState(): StreamState {
    if (state === "live" && Date.now() - stateAt > stateStaleMs) state = "delayed";
    return state;
  }

  function pricesEvent(full: boolean, coins: StreamPriceCoin[]): StreamPricesEvent {
    const updatedAt = coins.reduce<string | null>(
      (newest, coin) => (newest === null || coin.at > newest ? coin.at : newest),
      null,
    );
    return { state: currentState(), updatedAt, full, coins };
  }

  function fullPrices(): StreamPricesEvent {
    const data = ticker();
    const at = data.updatedAt ?? new Date(0).toISOString();
    const event = pricesEvent(
      true,
      data.coins.map((coin) => ({
        symbol: coin.symbol,
        price: coin.price,
        change24h: coin.change24h,
        at,
      })),
    );
    // Sample prices have no time.
    return { ...event, updatedAt: data.updatedAt };
  }

  function drop(client: Client) {
    if (!clients.delete(client)) return;
    const left = (perAddress.get(client.address) ?? 1) - 1;
    if (left <= 0) perAddress.delete(client.address);
    else perAddress.set(client.address, left);
    if (!client.response.destroyed) client.response.destroy();
  }

  /** Whether the client is behind; a client behind for too long, or by too much, is dropped. */
  function isBehind(client: Client): boolean {
    const { response } = client;
    if (response.destroyed || response.writableEnded) {
      drop(client);
      return true;
    }
    if (response.writableLength === 0) {
      client.behindSince = null;
      return false;
    }
    const now = Date.now();
    client.behindSince ??= now;
    if (response.writableLength > maxBufferedBytes || now - client.behindSince > maxBehindMs) {
      dropped += 1;
      drop(client);
    }
    return true;
  }

  /** Events and heartbeats go to every reader, behind or not, until it is dropped. */
  function send(client: Client, text: string | Buffer) {
    isBehind(client);
    if (clients.has(client)) client.response.write(text);
  }

  function broadcast(text: string) {
    if (clients.size === 0) return;
    // Encoded once and shared by every connection's socket, instead of one copy per connection
    // waiting in each socket's buffer (5,000 readers: 5,000 copies of each event).
    const bytes = Buffer.from(text, "utf8");
    for (const client of clients) send(client, bytes);
  }

  /**
   * Prices go only to readers that have taken everything sent so far; one behind is skipped (the
   * latest value wins) and gets the whole prices once it has caught up.
   */
  function broadcastPrices(text: string | null) {
    if (clients.size === 0) return;
    const bytes = text === null ? null : Buffer.from(text, "utf8");
    for (const client of clients) {
      if (isBehind(client)) {
        if (bytes && clients.has(client)) {
          client.missedPrices = true;
          skippedBehind += 1;
        }
      } else if (client.missedPrices) {
        client.missedPrices = false;
        fullFrame ??= Buffer.from(frame("prices", nextEventId(), fullPrices()), "utf8");
        client.response.write(fullFrame);
      } else if (bytes) {
        client.response.write(bytes);
      }
    }
  }

  function flushPrices() {
    priceTimer = null;
    if (changed.size === 0) return;
    const coins = [...changed.values()];
    changed.clear();
    broadcastPrices(frame("prices", nextEventId(), pricesEvent(false, coins)));
  }

  function schedulePrices() {
    if (priceTimer) return;
    priceTimer = setTimeout(flushPrices, priceIntervalMs);
    priceTimer.unref();
  }

  /**
   * Each state from the holder starts the wait again; a live one not followed by another within
   * `stateStaleMs` turns "delayed" for readers then, not at the next heartbeat.
   */
  function watchStale() {
    if (staleTimer) clearTimeout(staleTimer);
    staleTimer = null;
    if (state !== "live") return;
    staleTimer = setTimeout(() => {
      staleTimer = null;
      if (state !== "live") return;
      state = "delayed";
      fullFrame = null;
      broadcastPrices(frame("prices", nextEventId(), pricesEvent(false, [])));
    }, stateStaleMs);
    staleTimer.unref();
  }

  function remember(id: string, name: StreamEventName, text: string) {
    recent.push({ id, name, frame: text });
    if (recent.length > recentLimit) recent.shift();
  }

  const onMessage = (message: RealtimeMessage) => {
    if (message.kind === "ticks") {
      ticksReceived += message.ticks.length;
      fullFrame = null;
      for (const tick of message.ticks) {
        changed.set(tick.symbol, {
          symbol: tick.symbol,
          price: tick.price,
          change24h: tick.change24h,
          at: tick.at,
        });
      }
      schedulePrices();
    } else if (message.kind === "stream-state") {
      const before = currentState();
      state = message.state;
      stateAt = Date.now();
      watchStale();
      // A change of state goes out with the next prices event (an empty one if nothing moved).
      if (before !== state) {
        fullFrame = null;
        broadcastPrices(frame("prices", nextEventId(), pricesEvent(false, [])));
      }
    } else if (message.kind === "event") {
      const text = frame(message.name, message.id, message.data);
      remember(message.id, message.name, text);
      // A catch-up made before this event would carry an older id: a reader resuming from it
      // would be sent this event twice.
      fullFrame = null;
      broadcast(text);
    }
  };
  const unsubscribe = bus.subscribe(onMessage);

  const heartbeat = setInterval(() => {
    // The comment keeps the connection busy; a reader that has caught up since the last prices
    // gets the whole prices now (null: no new prices to send to the others).
    broadcastPrices(null);
    broadcast(`: ${Date.now()}\n\n`);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** Whether a connection from this address may open now; the answer to give if not. */
    admit(address: string): OpenResult {
      if ((perAddress.get(address) ?? 0) >= options.maxPerAddress) {
        return {
          ok: false,
          status: 429,
          code: "too_many_streams",
          error: `At most ${options.maxPerAddress} live connections per address: close another tab of this site, or wait and try again.`,
          retryAfterSeconds: 30,
        };
      }
      if (clients.size >= options.maxConnections) {
        return {
          ok: false,
          status: 503,
          code: "stream_full",
          error: "The live stream is full right now; prices refresh every few minutes instead.",
          retryAfterSeconds: 60,
        };
      }
      return { ok: true };
    },

    /** Takes over the response: headers, the current prices, missed events, then live. */
    open(response: ServerResponse, address: string, lastEventId: string | null) {
      const client: Client = { response, address, behindSince: null, missedPrices: false };
      clients.add(client);
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      response.on("close", () => drop(client));
      response.on("error", () => drop(client));
      response.socket?.setNoDelay(true);
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        // Never stored by a browser, a proxy or our page cache; never compressed or buffered.
        "cache-control": "no-store, no-transform",
        "x-accel-buffering": "no",
        connection: "keep-alive",
        "x-content-type-options": "nosniff",
      });
      let text = "retry: 5000\n\n";
      text += frame("prices", nextEventId(), fullPrices());
      if (lastEventId) {
        for (const event of recent) {
          if (isAfter(event.id, lastEventId)) text += event.frame;
        }
      }
      send(client, text);
    },

    stats: () => ({
      connections: clients.size,
      addresses: perAddress.size,
      droppedSlow: dropped,
      /** Readers whose unsent data is waiting now, and price events skipped for such readers. */
      behind: [...clients].filter((client) => client.behindSince !== null).length,
      skippedBehind,
      ticksReceived,
      state: currentState(),
    }),

    /** Ends every connection (the server is closing). */
    close() {
      unsubscribe();
      clearInterval(heartbeat);
      if (priceTimer) clearTimeout(priceTimer);
      if (staleTimer) clearTimeout(staleTimer);
      for (const client of [...clients]) {
        clients.delete(client);
        client.response.end();
      }
      perAddress.clear();
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
