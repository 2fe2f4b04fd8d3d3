import type { RealtimeBus } from "../realtime/bus";
import { coinbaseProducts, createCoinbaseStream } from "./coinbase-stream";
import type { MarketStreamOptions, StreamTick } from "./exchange-socket";
import { createKrakenStream, krakenProducts } from "./kraken-stream";
import type { AcceptedTick, MarketDataLogger, MarketDataService } from "./service";

/**
 * The exchange stream on the instance that holds it (decision 230): every tick is checked before
 * it is published to all instances over the bus:
 *
 * - a price that is not a positive finite number is dropped;
 * - a move of `jumpRatio` (50 %) or more from the price served now is held back and checked
 *   against the price API; it is published only if the API's price is within `agreeRatio` (10 %)
 *   of it. Ticks of that coin that arrive meanwhile wait with it (the latest wins). Without a
 *   price API, or when it fails, the held tick is dropped: a wrong price is never shown as live.
 * - ticks are batched per `flushMs` (the latest per coin wins) into one bus message.
 *
 * When the connection goes down the state "delayed" is published; after it comes back, and when
 * a heartbeat shows missed trades, the gap is filled from the price API (at most once per
 * `gapFillMs`; a gap noticed sooner waits for the next fill).
 */
export type MarketStreamKind = "coinbase" | "kraken";

/** Each exchange protocol (decisions 230, 280): its adapter and the coins it lists. */
const exchanges: Record<
  MarketStreamKind,
  {
    products: Record<string, string>;
    create: typeof createCoinbaseStream;
  }
> = {
  coinbase: { products: coinbaseProducts, create: createCoinbaseStream },
  kraken: { products: krakenProducts, create: createKrakenStream },
};

export interface StreamControllerOptions {
  url: string;
  kind: MarketStreamKind;
  marketData: MarketDataService;
  bus: RealtimeBus;
  log?: MarketDataLogger;
  stallMs?: number;
  minBackoffMs?: number;
  flushMs?: number;
  gapFillMs?: number;
  jumpRatio?: number;
  agreeRatio?: number;
  /** How often the streamed prices' hour points are written (default one minute). */
  historyEveryMs?: number;
}

export function createMarketStreamController(options: StreamControllerOptions) {
  const { marketData, bus, log } = options;
  const exchange = exchanges[options.kind];
  const flushMs = options.flushMs ?? 100;
  const gapFillMs = options.gapFillMs ?? 30_000;
  const jumpRatio = options.jumpRatio ?? 0.5;
  const agreeRatio = options.agreeRatio ?? 0.1;
  const historyEveryMs = options.historyEveryMs ?? 60_000;

  const pending = new Map<string, AcceptedTick>();
  const held = new Map<string, StreamTick>();
  let flushTimer: NodeJS.Timeout | null = null;
  let historyTimer: NodeJS.Timeout | null = null;
  let lastGapFill = 0;
  let gapFillRunning: Promise<void> | null = null;
  /**
   * Coins a gap fill still owes, with when their need was last noticed: a gap noticed while a
   * fill runs, or sooner than `gapFillMs` after the last, waits for the next fill instead of being
   * dropped (a CI run at load 15 lost a coin's fill that way).
   */
  let owed = new Map<string, number>();
  let gapFillTimer: NodeJS.Timeout | null = null;
  /** When the stream last brought a price per coin: a gap fill never overwrites a newer one. */
  const streamedAt = new Map<string, number>();
  let controller = new AbortController();
  let running = false;

  const toAccepted = (tick: StreamTick): AcceptedTick => ({
    symbol: tick.symbol,
    price: tick.price,
    change24h:
      tick.open24h && tick.open24h > 0 ? ((tick.price - tick.open24h) / tick.open24h) * 100 : null,
    at: tick.at,
  });

  function queue(tick: StreamTick) {
    pending.set(tick.symbol, toAccepted(tick));
    if (flushTimer) return;
    flushTimer = setTimeout(flush, flushMs);
    flushTimer.unref();
  }

  function flush() {
    flushTimer = null;
    if (pending.size === 0) return;
    const ticks = [...pending.values()];
    pending.clear();
    // Applied here at once too, so the next tick's jump check compares with it.
    marketData.applyTicks(ticks);
    bus.publish({ kind: "ticks", ticks });
  }

  async function checkHeld(symbol: string) {
    try {
      const rest = await marketData.restPrice(symbol, controller.signal);
      const tick = held.get(symbol);
      held.delete(symbol);
      if (!tick || !running) return;
      if (rest !== null && Math.abs(tick.price - rest) / rest <= agreeRatio) {
        queue(tick);
      } else {
        log?.warn(
          { symbol, streamed: tick.price, rest },
          "streamed price jump not confirmed by the price API; dropped",
        );
      }
    } catch (error) {
      const tick = held.get(symbol);
      held.delete(symbol);
      if (running) {
        log?.warn(
          { symbol, streamed: tick?.price, err: String(error) },
          "could not check a streamed price jump against the price API; dropped",
        );
      }
    }
  }

  function onTick(tick: StreamTick) {
    if (!(tick.price > 0) || !Number.isFinite(tick.price)) {
      log?.warn({ symbol: tick.symbol, price: tick.price }, "streamed price not positive; dropped");
      return;
    }
    streamedAt.set(tick.symbol, Date.now());
    if (held.has(tick.symbol)) {
      held.set(tick.symbol, tick);
      return;
    }
    const current = pending.get(tick.symbol)?.price ?? marketData.currentPrice(tick.symbol);
    if (current !== null && current > 0 && Math.abs(tick.price - current) / current >= jumpRatio) {
      held.set(tick.symbol, tick);
      void checkHeld(tick.symbol);
      return;
    }
    queue(tick);
  }

  /**
   * Prices from the price API after a drop (every coin) or a gap (the coins whose trades were
   * missed, not the others: their streamed prices are newer than the API's), then told to every
   * instance. One fill at a time and at most one per `gapFillMs`; what is asked meanwhile is owed
   * and filled next.
   */
  function fillGap(reason: string, only?: readonly string[]) {
    const noticed = Date.now();
    for (const symbol of only ?? Object.values(exchange.products)) owed.set(symbol, noticed);
    startGapFill(reason);
  }

  function startGapFill(reason: string) {
    if (!running || gapFillRunning || gapFillTimer || owed.size === 0) return;
    const wait = lastGapFill + gapFillMs - Date.now();
    if (wait > 0) {
      gapFillTimer = setTimeout(() => {
        gapFillTimer = null;
        startGapFill(reason);
      }, wait);
      gapFillTimer.unref();
      return;
    }
    const asked = [...owed];
    owed = new Map();
    lastGapFill = Date.now();
    gapFillRunning = (async () => {
      try {
        const at = new Date().toISOString();
        const answers: Array<{ tick: AcceptedTick; noticed: number }> = [];
        for (const [symbol, noticed] of asked) {
          if (!running) return;
          const price = await marketData.restPrice(symbol, controller.signal);
          if (price !== null && price > 0) {
            answers.push({ tick: { symbol, price, change24h: null, at }, noticed });
          }
        }
        // A coin the stream priced since its need was noticed keeps the streamed price: the API's
        // answer is not newer (a browser test at load 20 saw it win). Checked here, as the answers
        // are published, not as each arrives: a tick may come while later coins are asked (a
        // fresh-clone run beside stress --cpu 8 saw an earlier answer overwrite it).
        const ticks = answers
          .filter(({ tick, noticed }) => (streamedAt.get(tick.symbol) ?? 0) < noticed)
          .map(({ tick }) => tick);
        if (ticks.length > 0 && running) {
          marketData.applyTicks(ticks);
          bus.publish({ kind: "ticks", ticks });
        }
      } catch (error) {
        if (running) log?.warn({ err: String(error), reason }, "could not fill a stream gap");
      } finally {
        gapFillRunning = null;
        startGapFill("owed since the last fill");
      }
    })();
  }

  const streamOptions: MarketStreamOptions = {
    url: options.url,
    products: exchange.products,
    log,
    stallMs: options.stallMs,
    minBackoffMs: options.minBackoffMs,
    handlers: {
      onTick,
      onState(state, { reconnected }) {
        if (state === "live") {
          bus.publish({ kind: "stream-state", state: "live" });
          if (reconnected) fillGap("reconnected");
        } else if (state === "down") {
          held.clear();
          bus.publish({ kind: "stream-state", state: "delayed" });
        }
      },
      onGap: (symbols) => fillGap("missed trades", symbols),
    },
  };
  const stream = exchange.create(streamOptions);

  return {
    /** This instance holds the exchange connection now. */
    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      stream.start();
      historyTimer = setInterval(() => {
        marketData.recordStreamedHour().catch((error: unknown) => {
          log?.warn({ err: String(error) }, "could not record the streamed prices' hour");
        });
      }, historyEveryMs);
      historyTimer.unref();
    },
    /** Another instance holds it, or the server stops. */
    async stop() {
      if (!running) return;
      running = false;
      stream.stop();
      controller.abort();
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      if (historyTimer) clearInterval(historyTimer);
      historyTimer = null;
      pending.clear();
      held.clear();
      if (gapFillTimer) clearTimeout(gapFillTimer);
      gapFillTimer = null;
      owed = new Map();
      await gapFillRunning;
    },
    isRunning: () => running,
    isLive: () => stream.isLive(),
  };
}

export type MarketStreamController = ReturnType<typeof createMarketStreamController>;
