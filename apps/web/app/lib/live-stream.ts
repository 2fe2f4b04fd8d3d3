import type {
  StreamBreakingEvent,
  StreamLiveUpdateEvent,
  StreamPriceCoin,
  StreamPricesEvent,
  StreamState,
} from "@aurumwire/shared/realtime-events";
import { useEffect, useSyncExternalStore } from "react";

/**
 * The page's one connection to `GET /api/stream` (decision 235; `lib/` because the market, breaking-news and article features all use it), shared by every component that
 * wants live data: the price ticker, the /markets table, the breaking-news line, a live-coverage
 * article. Browser only; nothing here runs on the server.
 *
 * - It opens after hydration and after the page has settled (a second later, when the browser is
 *   idle), so it never competes with the content (decision 150).
 * - While the tab is hidden it is closed; when the tab comes back it opens again with the id of
 *   the last event it saw, and the first event (all current prices) catches the page up.
 * - "unavailable" when the browser has no EventSource, the server refuses (429/503: the
 *   EventSource gives up), or no event arrives within 10 s of opening (a proxy that buffers the
 *   stream): the components then keep the spec's polling. It tries again after a minute.
 */
export type LinkStatus = "idle" | "connecting" | "open" | "unavailable";

export interface LiveSnapshot {
  status: LinkStatus;
  /** The exchange stream's state as the server says it (null before the first event). */
  state: StreamState | null;
  /** Latest price per symbol from the stream. */
  prices: ReadonlyMap<string, StreamPriceCoin>;
  /**
   * The time of the newest price the stream has given (the exchange's time of the trade, ms),
   * from the first event on; null before any, or while the prices are sample data (no time).
   */
  lastUpdate: number | null;
}

type Listener = () => void;

const firstEventWithinMs = 10_000;
const retryUnavailableMs = 60_000;

let source: EventSource | null = null;
let lastEventId: string | null = null;
let firstEventTimer: number | null = null;
let retryTimer: number | null = null;
let started = false;
let snapshot: LiveSnapshot = { status: "idle", state: null, prices: new Map(), lastUpdate: null };
const listeners = new Set<Listener>();
const breakingListeners = new Set<(event: StreamBreakingEvent) => void>();
const liveUpdateListeners = new Set<(event: StreamLiveUpdateEvent) => void>();

function update(next: Partial<LiveSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function clearTimers() {
  if (firstEventTimer !== null) window.clearTimeout(firstEventTimer);
  firstEventTimer = null;
}

function close() {
  clearTimers();
  source?.close();
  source = null;
}

function unavailable() {
  close();
  update({ status: "unavailable" });
  if (retryTimer === null) {
    retryTimer = window.setTimeout(() => {
      retryTimer = null;
      if (document.visibilityState === "visible") open();
    }, retryUnavailableMs);
  }
}

function remember(event: MessageEvent) {
  if (event.lastEventId) lastEventId = event.lastEventId;
  // The first event of a connection: one this page opened, or one the browser opened again by
  // itself after the connection dropped (the error handler said "connecting" meanwhile).
  if (snapshot.status !== "open") {
    clearTimers();
    update({ status: "open" });
  }
}

function open() {
  if (source || typeof EventSource === "undefined") {
    if (typeof EventSource === "undefined") update({ status: "unavailable" });
    return;
  }
  const url = lastEventId
    ? `/api/stream?lastEventId=${encodeURIComponent(lastEventId)}`
    : "/api/stream";
  const stream = new EventSource(url);
  source = stream;
  update({ status: "connecting" });
  firstEventTimer = window.setTimeout(unavailable, firstEventWithinMs);
  stream.addEventListener("prices", (event) => {
    remember(event);
    const data = JSON.parse(event.data) as StreamPricesEvent;
    const prices = new Map(data.full ? [] : snapshot.prices);
    for (const coin of data.coins) prices.set(coin.symbol, coin);
    // The first (full) event's time too: "Live" has a time from the start (decision 283).
    const newest = data.updatedAt ? Date.parse(data.updatedAt) : Number.NaN;
    update({
      state: data.state,
      prices,
      lastUpdate:
        data.coins.length > 0 && Number.isFinite(newest)
          ? Math.max(newest, snapshot.lastUpdate ?? 0)
          : snapshot.lastUpdate,
    });
  });
  stream.addEventListener("breaking", (event) => {
    remember(event);
    const data = JSON.parse(event.data) as StreamBreakingEvent;
    for (const listener of breakingListeners) listener(data);
  });
  stream.addEventListener("live-update", (event) => {
    remember(event);
    const data = JSON.parse(event.data) as StreamLiveUpdateEvent;
    for (const listener of liveUpdateListeners) listener(data);
  });
  stream.addEventListener("error", () => {
    // CLOSED: the server refused (429, 503) or answered something else; the browser will not
    // retry. CONNECTING: a dropped connection the browser retries by itself.
    if (stream.readyState === EventSource.CLOSED) unavailable();
    else update({ status: "connecting" });
  });
}

function onVisibility() {
  if (document.visibilityState === "hidden") {
    close();
    update({ status: "idle" });
  } else if (snapshot.status !== "unavailable" || retryTimer === null) {
    open();
  }
}

/** Starts the stream once per page, after the content (idempotent). */
export function startLiveStream() {
  if (started || typeof window === "undefined") return;
  started = true;
  const begin = () => {
    document.addEventListener("visibilitychange", onVisibility);
    if (document.visibilityState === "visible") open();
  };
  const later = () => {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(begin, { timeout: 3000 });
    } else {
      begin();
    }
  };
  window.setTimeout(later, 1000);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnapshot = (): LiveSnapshot => snapshot;

const serverSnapshot: LiveSnapshot = {
  status: "idle",
  state: null,
  prices: new Map(),
  lastUpdate: null,
};
export const getServerSnapshot = (): LiveSnapshot => serverSnapshot;

export function onBreaking(listener: (event: StreamBreakingEvent) => void): () => void {
  breakingListeners.add(listener);
  return () => breakingListeners.delete(listener);
}

export function onLiveUpdate(listener: (event: StreamLiveUpdateEvent) => void): () => void {
  liveUpdateListeners.add(listener);
  return () => liveUpdateListeners.delete(listener);
}

/**
 * The live-stream state for a component: starts the stream after hydration (once per page) and
 * re-renders on every change. The server render sees "idle" (nothing live yet).
 */
export function useLiveStream(): LiveSnapshot {
  useEffect(() => startLiveStream(), []);
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** The coins overlaid with the stream's prices that are newer than `updatedAt`. */
export function withLivePrices<T extends { symbol: string; price: number | null }>(
  items: readonly T[],
  live: LiveSnapshot,
  updatedAt: string | null,
  change: (item: T, change24h: number | null) => T,
): T[] {
  if (live.prices.size === 0) return [...items];
  return items.map((item) => {
    const coin = live.prices.get(item.symbol);
    if (!coin || (updatedAt && coin.at < updatedAt)) return item;
    return change({ ...item, price: coin.price }, coin.change24h);
  });
}
