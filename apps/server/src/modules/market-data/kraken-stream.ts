import {
  createExchangeSocket,
  type ExchangeProtocol,
  type MarketStreamOptions,
  numberOrNull,
} from "./exchange-socket";

/**
 * The Kraken spot WebSocket API v2 (wss://ws.kraken.com/v2), its public `ticker` channel
 * (decision 280), over the shared exchange socket (`exchange-socket.ts`: stalls, reconnects,
 * back-off):
 *
 * - On connect the exchange sends a `status` message (`{"channel":"status","type":"update",
 *   "data":[{"system":"online","api_version":"v2",...}]}`), and again whenever the trading engine's
 *   state changes. Anything but `online` (`maintenance`, `cancel_only`, `post_only`: no matching)
 *   means no live prices: the stream says "down" while it stays connected, and live again on
 *   `online` (the caller then fills the gap as after a reconnect).
 * - On open it sends `{"method":"subscribe","params":{"channel":"ticker","symbol":[...],
 *   "snapshot":true},"req_id":n}`. The exchange acknowledges each symbol
 *   (`{"method":"subscribe","result":{"channel":"ticker","symbol":"BTC/USD"},"success":true}`) or
 *   refuses it (`"success":false,"error":...`): a refused symbol is logged and stays on the price
 *   API; with every symbol answered and at least one accepted the stream is live; none accepted
 *   drops the connection (tried again after the back-off).
 * - `ticker` messages (`type` `snapshot` right after subscribing, then `update` on every trade)
 *   carry `data: [{symbol, last, change, change_pct, volume, timestamp, ...}]` with JSON numbers.
 *   The channel has no sequence numbers: an item whose `timestamp` is before the last one of its
 *   symbol is late, and one with the same timestamp and price a duplicate; both are dropped.
 *   Without trade ids there is no way to see missed trades within a connection; after a reconnect
 *   the snapshot and the caller's gap fill from the price API cover them.
 * - `heartbeat` messages (about one a second when nothing else is sent) and `pong` answers are
 *   signs of life; a `subscribe` answer whose error is not about one symbol drops the connection.
 */

/** The tracked coins Kraken lists against the US dollar, by their v2 symbols. */
export const krakenProducts: Record<string, string> = {
  "BTC/USD": "BTC",
  "ETH/USD": "ETH",
  "XRP/USD": "XRP",
  "SOL/USD": "SOL",
  "ADA/USD": "ADA",
  "AVAX/USD": "AVAX",
  "DOT/USD": "DOT",
  "DOGE/USD": "DOGE",
  "LINK/USD": "LINK",
  "LTC/USD": "LTC",
};

export function createKrakenStream(options: MarketStreamOptions) {
  const { products, handlers, log } = options;
  /** Per connection: the symbols answered, accepted, and the last item's time and price. */
  const answered = new Set<string>();
  const accepted = new Set<string>();
  const lastSeen = new Map<string, { time: number; price: number }>();
  let online = true;
  let requestId = 0;

  function maybeLive(link: Parameters<ExchangeProtocol["onMessage"]>[1]) {
    if (answered.size < Object.keys(products).length) return;
    if (accepted.size === 0) return link.drop("the exchange accepted none of the symbols");
    if (online) link.live();
  }

  function onTicker(message: Record<string, unknown>, link: Parameters<typeof maybeLive>[0]) {
    if (
      !Array.isArray(message.data) ||
      (message.type !== "snapshot" && message.type !== "update")
    ) {
      return link.malformed();
    }
    link.alive();
    for (const item of message.data as unknown[]) {
      if (!item || typeof item !== "object") {
        link.malformed();
        continue;
      }
      const entry = item as Record<string, unknown>;
      const symbol = products[String(entry.symbol)];
      const price = numberOrNull(entry.last);
      if (!symbol || price === null) {
        link.malformed();
        continue;
      }
      const parsedTime =
        typeof entry.timestamp === "string" ? Date.parse(entry.timestamp) : Number.NaN;
      const time = Number.isFinite(parsedTime) ? parsedTime : Date.now();
      const previous = lastSeen.get(symbol);
      if (
        previous &&
        (time < previous.time || (time === previous.time && price === previous.price))
      )
        continue; // late or a duplicate
      lastSeen.set(symbol, { time, price });
      const change = numberOrNull(entry.change);
      handlers.onTick({
        symbol,
        price,
        open24h: change === null ? null : price - change,
        volume24h: numberOrNull(entry.volume),
        at: new Date(time).toISOString(),
      });
    }
  }

  const protocol: ExchangeProtocol = {
    reset() {
      answered.clear();
      accepted.clear();
      lastSeen.clear();
      online = true;
    },
    onOpen(link) {
      requestId += 1;
      link.send({
        method: "subscribe",
        params: { channel: "ticker", symbol: Object.keys(products), snapshot: true },
        req_id: requestId,
      });
    },
    onMessage(message, link) {
      if (message.method === "subscribe") {
        const result = (message.result ?? {}) as Record<string, unknown>;
        const symbol = String(result.symbol ?? message.symbol ?? "");
        link.alive();
        if (message.success === true && products[symbol]) {
          answered.add(symbol);
          accepted.add(symbol);
        } else if (products[symbol]) {
          answered.add(symbol);
          log?.warn(
            { symbol, error: message.error },
            "the exchange refused a symbol; it stays on the price API",
          );
        } else {
          log?.warn({ error: message.error }, "the exchange refused the subscription");
          return link.drop(`exchange error: ${String(message.error ?? "subscribe refused")}`);
        }
        return maybeLive(link);
      }
      if (message.method === "pong") return link.alive();
      switch (message.channel) {
        case "heartbeat":
          return link.alive();
        case "status": {
          const data = Array.isArray(message.data) ? (message.data[0] as unknown) : null;
          const system =
            data && typeof data === "object" ? (data as { system?: unknown }).system : null;
          if (typeof system !== "string") return link.malformed();
          link.alive();
          online = system === "online";
          if (online) return maybeLive(link);
          log?.warn({ system }, "the exchange is not online; prices are not live");
          return link.notLive(`exchange ${system}`);
        }
        case "ticker":
          return onTicker(message, link);
        default:
          // Other channels and new message types: ignored, as the protocol allows.
          return;
      }
    },
  };
  return createExchangeSocket(options, protocol);
}
