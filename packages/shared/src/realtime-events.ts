import type { TickerNewsItem } from "./news";

/**
 * The events of `GET /api/stream` (Server-Sent Events, decision 231), as the browser reads them.
 * Types only, no zod: the public pages import this file and zod would weigh on every page
 * (decision 150). The server builds these objects itself; nothing here is parsed from a client.
 */
export const streamEventNames = ["prices", "breaking", "live-update"] as const;
export type StreamEventName = (typeof streamEventNames)[number];

/**
 * "live": the exchange stream is connected and its heartbeats arrive; "delayed": it is not (the
 * prices shown are the last good ones, or the price API's); "polling": no stream is configured.
 */
export type StreamState = "live" | "delayed" | "polling";

/** One coin's latest accepted price from the stream. */
export interface StreamPriceCoin {
  symbol: string;
  price: number;
  /** Change over 24 hours in percent, from the exchange's own 24-hour open; null when unknown. */
  change24h: number | null;
  /** When the exchange reported it (ISO). */
  at: string;
}

/** `event: prices`: the coins that changed since the last event (all of them when `full`). */
export interface StreamPricesEvent {
  state: StreamState;
  /** The newest `at` of any coin, or null before the first tick. */
  updatedAt: string | null;
  full: boolean;
  coins: StreamPriceCoin[];
}

/** `event: breaking`: a new breaking-news item for the ticker. */
export interface StreamBreakingEvent {
  item: TickerNewsItem;
}

/** A live-coverage update as readers see it (decision 234). */
export interface LiveUpdateView {
  id: number;
  articleId: number;
  /** Sanitized HTML. */
  content: string;
  imageUrl: string | null;
  authorName: string;
  createdAt: string;
  updatedAt: string;
}

/** `event: live-update`: an update was posted, corrected or removed, or the coverage started or ended. */
export interface StreamLiveUpdateEvent {
  articleId: number;
  slug: string;
  action: "posted" | "edited" | "deleted" | "started" | "ended";
  /** The update (posted, edited); only its id for deleted; absent for started / ended. */
  update?: LiveUpdateView;
  updateId?: number;
}
