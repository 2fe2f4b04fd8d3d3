import {
  maxTimeOnPageSeconds,
  type ReferrerSource,
  timeOnPageBuckets,
} from "@aurumwire/shared/analytics";
import {
  type AnalyticsRepository,
  type Figures,
  figureNames,
  type ReferrerIncrement,
  type StatsIncrement,
} from "./repository";

export type AnalyticsEvent =
  | { kind: "view"; articleId: number; at: Date; source: ReferrerSource; host: string }
  | { kind: "read-through"; articleId: number; at: Date }
  | { kind: "time-on-page"; articleId: number; at: Date; seconds: number };

const emptyFigures = (): Figures =>
  Object.fromEntries(figureNames.map((name) => [name, 0])) as unknown as Figures;

function hourOf(at: Date): string {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString();
}
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Aggregates analytics events in memory and writes them in batches (issue 22): a burst of readers
 * costs map updates on the request path and one transaction per interval, whatever their number.
 * Each instance flushes its own buffer (a plain timer, not a scheduler job: the data to write is
 * this process's own), and `close()` flushes what is left, so a clean stop loses nothing. A failed
 * write keeps the increments for the next attempt.
 */
export function createAnalyticsRecorder(deps: {
  repository: AnalyticsRepository;
  flushIntervalMs: number;
  onError?: (error: unknown) => void;
}) {
  const { repository, flushIntervalMs } = deps;
  let hourly = new Map<string, StatsIncrement>();
  let daily = new Map<string, StatsIncrement>();
  let referrers = new Map<string, ReferrerIncrement>();
  let flushing: Promise<void> | null = null;

  const timer = setInterval(() => {
    void flush();
  }, flushIntervalMs);
  timer.unref();

  function figuresFor(map: Map<string, StatsIncrement>, articleId: number, period: string) {
    const key = `${articleId}|${period}`;
    let row = map.get(key);
    if (!row) {
      row = { articleId, period, ...emptyFigures() };
      map.set(key, row);
    }
    return row;
  }

  function addFigures(articleId: number, at: Date, change: Partial<Figures>) {
    for (const row of [
      figuresFor(hourly, articleId, hourOf(at)),
      figuresFor(daily, articleId, dayOf(at)),
    ]) {
      for (const name of figureNames) row[name] += change[name] ?? 0;
    }
  }

  function addReferrer(increment: ReferrerIncrement) {
    const key = `${increment.articleId}|${increment.day}|${increment.source}|${increment.host}`;
    const existing = referrers.get(key);
    if (existing) existing.views += increment.views;
    else referrers.set(key, { ...increment });
  }

  function record(event: AnalyticsEvent) {
    switch (event.kind) {
      case "view":
        addFigures(event.articleId, event.at, { views: 1 });
        addReferrer({
          articleId: event.articleId,
          day: dayOf(event.at),
          source: event.source,
          host: event.host,
          views: 1,
        });
        return;
      case "read-through":
        addFigures(event.articleId, event.at, { readThroughs: 1 });
        return;
      case "time-on-page": {
        const seconds = Math.min(Math.max(event.seconds, 0), maxTimeOnPageSeconds);
        const bucket = timeOnPageBuckets.find((candidate) => seconds < candidate.upTo);
        addFigures(event.articleId, event.at, {
          timedReads: 1,
          secondsOnPage: Math.round(seconds),
          [bucket?.key ?? "over3m"]: 1,
        });
        return;
      }
    }
  }

  function pendingCount() {
    return hourly.size + daily.size + referrers.size;
  }

  async function writeBatch() {
    const batch = { hourly, daily, referrers };
    hourly = new Map();
    daily = new Map();
    referrers = new Map();
    try {
      await repository.addBatch({
        hourly: [...batch.hourly.values()],
        daily: [...batch.daily.values()],
        referrers: [...batch.referrers.values()],
      });
    } catch (error) {
      // Put the increments back: they are added to whatever arrived meanwhile.
      for (const [target, source] of [
        [hourly, batch.hourly],
        [daily, batch.daily],
      ] as const) {
        for (const row of source.values()) {
          const into = figuresFor(target, row.articleId, row.period);
          for (const name of figureNames) into[name] += row[name];
        }
      }
      for (const row of batch.referrers.values()) addReferrer(row);
      deps.onError?.(error);
    }
  }

  /** Writes what is pending; concurrent callers wait for the same write. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (pendingCount() === 0) return;
    flushing = writeBatch().finally(() => {
      flushing = null;
    });
    await flushing;
  }

  return {
    record,
    flush,
    /** Rows waiting to be written (for tests and the health of the buffer). */
    pendingCount,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type AnalyticsRecorder = ReturnType<typeof createAnalyticsRecorder>;
