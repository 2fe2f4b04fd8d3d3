import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";

/** One rendered page as it left the server: every header (the CSP with its nonce too) and body. */
export interface CachedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /**
   * The headers every answer of this page repeats (`headers`, etag, vary), as the flat
   * [name, value, ...] list node:http takes without building an object per request: a hit used to
   * spend more time spreading ~20 headers into a fresh object than writing the page (decision 036).
   */
  headerList: string[];
  /** What the page shows: the content tags of every cached read its render made (decision 081). */
  tags: ReadonlySet<string>;
  /**
   * Dropped by an invalidation (or rendered while one happened): no longer fresh, but still served
   * while the one render that replaces it runs (decision 082).
   */
  invalidated: boolean;
  /** Whether the render may be kept: a 200 HTML page that sets no cookie. */
  cacheable: boolean;
  gzip?: Buffer;
  brotli?: Buffer;
}

/** What a render of the web app gave: a page to keep, or an answer (404, redirect) to pass on. */
export interface RenderedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  cacheable: boolean;
}

/**
 * The tag of a cached read that names nothing more precise: any change of content drops it (and
 * the pages that made it), as every change did before pages were invalidated by what they show.
 */
export const anyContentTag = "content";

/**
 * Paths whose HTML is the same for every visitor. Sign-in state lives in the browser (a bearer
 * token in localStorage), so the server renders every page anonymously; the dashboard, sign-in and
 * preview screens are still kept out, they are not worth sharing through a CDN.
 */
export function isCacheablePagePath(pathname: string): boolean {
  return !/^\/(api|public|uploads|assets|dashboard|login|register|setup|profile|preview)(\/|$)/.test(
    pathname,
  );
}

const maxPages = 1000;
const maxMemoEntries = 2000;
/** Tags remembered with the time of their last invalidation; past this, all are forgotten at once. */
const maxTrackedTags = 20_000;

interface MemoEntry {
  expires: number;
  value: Promise<unknown>;
  /** Known once the read settled; a read still running is dropped by every invalidation. */
  tags: ReadonlySet<string> | null;
}

/** A render in progress: when it started (on the invalidation clock) and what it read. */
interface RenderTicket {
  startedAt: number;
  tags: Set<string>;
}

/** The render a cached read belongs to, so the page learns the tags of what it read. */
const renderScope = new AsyncLocalStorage<RenderTicket>();

const intersects = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  const [smaller, larger] = a.size <= b.size ? [a, b] : [b, a];
  for (const tag of smaller) if (larger.has(tag)) return true;
  return false;
};

/**
 * The public content cache: rendered anonymous pages and the results of public reads (lists,
 * articles, categories), both for `ttlSeconds`. Reads carry content tags (`article:12`,
 * `articles`, ...) and a page carries the tags of every read its render made, so
 * `invalidate(tags)` drops only what shows the change; `invalidate()` drops everything (category
 * and setting changes). A dropped page is kept as a stale copy that readers get while one render
 * replaces it; concurrent misses of one page share one render (decisions 081, 082). With Redis
 * configured, an invalidation is published so every instance drops its copies. A TTL of 0 turns
 * the cache off.
 */
export function createPageCache(options: { ttlSeconds: number }) {
  const ttlMs = options.ttlSeconds * 1000;
  /** How long past its TTL a copy is still served while its replacement renders (as the CDN's SWR). */
  const staleMs = ttlMs * 4;
  const enabled = ttlMs > 0;
  const pages = new Map<string, CachedPage>();
  const memos = new Map<string, MemoEntry>();
  const longMemos = new Map<string, MemoEntry>();
  // With the cache off, reads still running are shared (nothing is kept once they settle).
  const inFlight = new Map<string, Promise<unknown>>();
  /** Renders running per page key: every caller of the same page shares one (single flight). */
  const renders = new Map<string, Promise<CachedPage>>();
  // The invalidation clock: each invalidation ticks it; a render remembers the tick it started at.
  let clock = 0;
  let everythingInvalidatedAt = 0;
  const tagInvalidatedAt = new Map<string, number>();
  const invalidationListeners: Array<(tags?: readonly string[]) => void> = [];

  function invalidatedSince(tags: Iterable<string>, since: number): boolean {
    if (everythingInvalidatedAt > since) return true;
    for (const tag of tags) if ((tagInvalidatedAt.get(tag) ?? 0) > since) return true;
    return false;
  }

  function dropLocal(tags?: readonly string[]) {
    clock += 1;
    inFlight.clear();
    if (!tags) {
      everythingInvalidatedAt = clock;
      for (const page of pages.values()) page.invalidated = true;
      memos.clear();
      longMemos.clear();
      return;
    }
    const dropped = new Set([...tags, anyContentTag]);
    for (const tag of dropped) tagInvalidatedAt.set(tag, clock);
    if (tagInvalidatedAt.size > maxTrackedTags) {
      // Renders that started before now are no longer told apart: none of them is kept fresh.
      tagInvalidatedAt.clear();
      everythingInvalidatedAt = clock;
    }
    for (const page of pages.values()) {
      if (!page.invalidated && intersects(page.tags, dropped)) page.invalidated = true;
    }
    for (const store of [memos, longMemos]) {
      for (const [key, entry] of store) {
        if (entry.tags === null || intersects(entry.tags, dropped)) store.delete(key);
      }
    }
  }

  /** Inside a render, the page takes the read's tags once it settled. */
  function noteRead(entry: MemoEntry) {
    const ticket = renderScope.getStore();
    if (!ticket) return;
    entry.value.then(
      () => {
        for (const tag of entry.tags ?? [anyContentTag]) ticket.tags.add(tag);
      },
      () => {},
    );
  }

  function remember<T>(
    store: Map<string, MemoEntry>,
    key: string,
    lifetimeMs: number,
    load: () => Promise<T>,
    tagsOf: ((value: T) => Iterable<string>) | undefined,
  ): Promise<T> {
    const now = Date.now();
    const hit = store.get(key);
    if (hit && hit.expires > now) {
      noteRead(hit);
      return hit.value as Promise<T>;
    }
    if (store.size >= maxMemoEntries) store.delete(store.keys().next().value as string);
    const value = load();
    const entry: MemoEntry = { expires: now + lifetimeMs, value, tags: null };
    store.set(key, entry);
    value.then(
      (result) => {
        entry.tags = new Set(tagsOf ? tagsOf(result) : [anyContentTag]);
      },
      () => {
        if (store.get(key) === entry) store.delete(key);
      },
    );
    noteRead(entry);
    return value;
  }

  function toCachedPage(answer: RenderedAnswer, tags: Iterable<string>): CachedPage {
    const etag = `W/"${createHash("sha1").update(answer.body).digest("base64url")}"`;
    return {
      ...answer,
      etag,
      storedAt: Date.now(),
      headerList: fixedHeaderList(answer.headers, etag),
      tags: new Set(tags),
      invalidated: false,
    };
  }

  function store(key: string, page: CachedPage, startedAt: number) {
    page.invalidated = invalidatedSince(page.tags, startedAt);
    pages.delete(key);
    if (pages.size >= maxPages) pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
  }

  /** A copy still worth serving: fresh, or stale within the window a replacement may take. */
  function lookup(key: string): { page: CachedPage; fresh: boolean } | undefined {
    const page = pages.get(key);
    if (!page) return undefined;
    const age = Date.now() - page.storedAt;
    if (age < ttlMs && !page.invalidated) {
      // Most recently used last: a flood of one-off pages (searches) evicts those, not the home.
      pages.delete(key);
      pages.set(key, page);
      return { page, fresh: true };
    }
    if (age < ttlMs + staleMs) return { page, fresh: false };
    pages.delete(key);
    return undefined;
  }

  return {
    enabled,
    ttlSeconds: options.ttlSeconds,

    /** A fresh copy of the page, or undefined (none, or only a stale one). */
    getPage(key: string): CachedPage | undefined {
      const found = lookup(key);
      return found?.fresh ? found.page : undefined;
    },

    lookup,

    /** Whether the one render of this page is running (a stale copy may then be served). */
    isRendering(key: string): boolean {
      return renders.has(key);
    },

    /**
     * Keeps a rendered page with the tags of what it shows. `renderedSince` is `generation` read
     * before the render started: a page rendered while something it shows changed is kept as a
     * stale copy, to be replaced on its next request.
     */
    setPage(
      key: string,
      answer: Omit<RenderedAnswer, "cacheable">,
      renderedSince: number,
      tags: Iterable<string> = [],
    ): CachedPage {
      const page = toCachedPage({ ...answer, cacheable: true }, tags);
      if (enabled) store(key, page, renderedSince);
      return page;
    },

    /** The invalidation clock: read it before rendering, hand it to setPage after. */
    get generation() {
      return clock;
    },

    /**
     * The one render of a page: callers asking for the same key while it runs share it. The page
     * learns the tags of every cached read made inside `render`, and is kept when the answer is
     * cacheable; an answer that is not (the article is gone: 404) drops the stale copy too, except
     * a server error.
     */
    renderPage(key: string, render: () => Promise<RenderedAnswer>): Promise<CachedPage> {
      const ticket: RenderTicket = { startedAt: clock, tags: new Set() };
      // With the cache off every request renders its own page (what the bench's "cache off" measures).
      if (!enabled) {
        return renderScope.run(ticket, render).then((answer) => toCachedPage(answer, ticket.tags));
      }
      const running = renders.get(key);
      if (running) return running;
      const result = renderScope.run(ticket, render).then((answer) => {
        const page = toCachedPage(answer, ticket.tags);
        if (answer.cacheable) store(key, page, ticket.startedAt);
        // Gone or moved (404, redirect): the old copy must not be served again. A server error
        // keeps it: a stale page beats an error page while the database is briefly away.
        else if (answer.status < 500) pages.delete(key);
        return page;
      });
      renders.set(key, result);
      const settle = () => {
        if (renders.get(key) === result) renders.delete(key);
      };
      result.then(settle, settle);
      return result;
    },

    /**
     * A public read, shared by concurrent callers and kept for the TTL. A failed read is not
     * kept. Only for results that are the same for every anonymous visitor. `tagsOf` names what
     * the result shows (`article:12`, `articles`); without it any content change drops it. With
     * the cache off (TTL 0) nothing is kept, but callers that ask while the same read is running
     * still share it: a burst of identical requests costs one query, and none gets an answer that
     * started before it asked (decision 039).
     */
    memo<T>(
      key: string,
      load: () => Promise<T>,
      tagsOf?: (value: T) => Iterable<string>,
    ): Promise<T> {
      if (!enabled) {
        const running = inFlight.get(key);
        if (running) return running as Promise<T>;
        const value = load();
        inFlight.set(key, value);
        // Kept until the event loop has taken in what arrived meanwhile: requests sent while the
        // read ran may only be read after it settled (when this thread was busy rendering), and
        // they asked while it was running.
        const settle = () =>
          setImmediate(() => {
            if (inFlight.get(key) === value) inFlight.delete(key);
          });
        value.then(settle, settle);
        return value;
      }
      return remember(memos, key, ttlMs, load, tagsOf);
    },

    /**
     * Like memo, with a lifetime of its own that holds even when the page cache is off: for
     * derived lists that change slowly (related articles: the spec's 5 minutes). Still dropped
     * by invalidate() of a tag it carries.
     */
    memoFor<T>(
      key: string,
      lifetimeMs: number,
      load: () => Promise<T>,
      tagsOf?: (value: T) => Iterable<string>,
    ): Promise<T> {
      return remember(longMemos, key, lifetimeMs, load, tagsOf);
    },

    /**
     * Drops what shows any of `tags` (every page and read when none are given), here and (through
     * Redis) on every other instance. Pages become stale copies; reads are forgotten.
     */
    invalidate(tags?: readonly string[]) {
      dropLocal(tags);
      for (const listener of invalidationListeners) listener(tags);
    },

    /** An invalidation announced by another instance. */
    invalidateLocal: dropLocal,

    /** Called after every invalidate() (not invalidateLocal), to tell other instances. */
    onInvalidate(listener: (tags?: readonly string[]) => void) {
      invalidationListeners.push(listener);
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Set per answer by writeCachedPage, so never taken from the stored headers. */
const perAnswerHeaders = new Set([
  "age",
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "x-page-cache",
  "x-request-id",
]);

function fixedHeaderList(headers: CachedPage["headers"], etag: string): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (perAnswerHeaders.has(name.toLowerCase())) continue;
    for (const item of Array.isArray(value) ? value : [value]) list.push(name, item);
  }
  list.push("etag", etag, "vary", "Accept-Encoding");
  return list;
}
