import {
  createExchangeSocket,
  type ExchangeProtocol,
  type MarketStreamOptions,
  numberOrNull,
} from "./exchange-socket";

/**
 * The Coinbase Exchange market-data WebSocket feed (wss://ws-feed.exchange.coinbase.com), its
 * public `ticker` and `heartbeat` channels (decision 230), over the shared exchange socket
 * (`exchange-socket.ts`: stalls, reconnects, back-off):
 *
 * - On open it sends `{"type":"subscribe","product_ids":[...],"channels":["heartbeat","ticker"]}`
 *   (the exchange closes a connection that has not subscribed within 5 s) and waits for the
 *   `subscriptions` answer before it calls itself live.
 * - `ticker` messages carry a per-product `sequence` and `trade_id`: a sequence not above the last
 *   one seen for that product is a duplicate or out of order and is dropped.
 * - `heartbeat` messages (one per product per second) carry `last_trade_id`: one above the last
 *   ticker's `trade_id` means tickers were missed (a gap), reported so the caller can fill it from
 *   the price API. Sequence numbers themselves skip on the ticker channel (it carries only matches).
 *   The real feed has been seen to send `last_trade_id: 0` in every heartbeat (decision 230): 0
 *   means "not given" (a sign of life, never a trade id), and a heartbeat id below one already
 *   seen is not a gap either.
 * - An `error` message drops the connection.
 */

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

const isSafeInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

export function createCoinbaseStream(options: MarketStreamOptions) {
  const { products, handlers, log } = options;
  const lastSequence = new Map<string, number>();
  const lastTradeId = new Map<string, number>();

  const protocol: ExchangeProtocol = {
    // A new connection starts a new sequence space per product; trade ids carry over (gaps).
    reset: () => lastSequence.clear(),
    onOpen(link) {
      link.send({
        type: "subscribe",
        product_ids: Object.keys(products),
        channels: ["heartbeat", "ticker"],
      });
    },
    onMessage(message, link) {
      switch (message.type) {
        case "subscriptions": {
          link.alive();
          link.live();
          return;
        }
        case "heartbeat": {
          const symbol = products[String(message.product_id)];
          if (!symbol || !isSafeInteger(message.last_trade_id)) return link.malformed();
          link.alive();
          // 0: the feed did not say (kept as the last trade id, a later real one would look like
          // a gap of every trade ever made).
          if (message.last_trade_id === 0) return;
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
            return link.malformed();
          }
          link.alive();
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
          link.drop(`exchange error: ${String(message.message ?? "unknown")}`);
          return;
        }
        default:
          // New message types may appear at any time; the protocol says to ignore them.
          return;
      }
    },
  };
  return createExchangeSocket(options, protocol);
}
