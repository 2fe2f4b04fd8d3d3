import type { ApiKeysRepository, UsageEntry } from "./repository";

/**
 * Counts key uses in memory and writes them in batches: one UPDATE per key per interval instead of
 * one per request, so a busy integration does not turn every read into a write on one hot row.
 * A failed write keeps the counts for the next attempt.
 */
export function createUsageRecorder(deps: {
  repository: ApiKeysRepository;
  flushIntervalMs: number;
  onError?: (error: unknown) => void;
}) {
  const { repository, flushIntervalMs } = deps;
  let pending = new Map<number, UsageEntry>();
  let flushing: Promise<void> | null = null;

  const timer = setInterval(() => {
    void flush();
  }, flushIntervalMs);
  timer.unref();

  function merge(entry: UsageEntry) {
    const existing = pending.get(entry.id);
    if (!existing) {
      pending.set(entry.id, { ...entry });
      return;
    }
    existing.count += entry.count;
    if (entry.lastUsedAt >= existing.lastUsedAt) {
      existing.lastUsedAt = entry.lastUsedAt;
      existing.lastUsedIp = entry.lastUsedIp;
    }
  }

  async function writeBatch() {
    const batch = pending;
    pending = new Map();
    try {
      await repository.addUsage([...batch.values()]);
    } catch (error) {
      for (const entry of batch.values()) merge(entry);
      deps.onError?.(error);
    }
  }

  /** Writes what is pending; concurrent callers wait for the same write. */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    if (pending.size === 0) return;
    flushing = writeBatch().finally(() => {
      flushing = null;
    });
    await flushing;
  }

  return {
    record(id: number, ip: string, at: Date = new Date()) {
      merge({ id, count: 1, lastUsedAt: at, lastUsedIp: ip });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>;
