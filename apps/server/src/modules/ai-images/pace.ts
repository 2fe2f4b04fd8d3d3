/**
 * The per-minute pace of a paid service, kept as a queue rather than a refusal: each caller waits
 * its turn until fewer than `limit` calls started in the last `windowMs`, then reserves a place by
 * writing its log row. The starts are read from the image log, so instances that share the
 * database share the pace; within one instance the queue serialises the check and the reservation.
 */
export function createPace(options: {
  limit: () => number;
  windowMs: number;
  startsSince: (since: Date) => Promise<Date[]>;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  let tail: Promise<unknown> = Promise.resolve();

  function sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  return {
    /**
     * Waits for a free place, then runs `reserve` (which writes the log row) before the next caller
     * may check. `onWait` hears how long the caller waits, for progress messages.
     */
    async take<T>(
      reserve: () => Promise<T>,
      options2: { signal?: AbortSignal; onWait?: (ms: number) => void } = {},
    ): Promise<T> {
      const turn = tail.then(async () => {
        for (;;) {
          options2.signal?.throwIfAborted();
          const current = now();
          const starts = await options.startsSince(new Date(current.getTime() - options.windowMs));
          if (starts.length < options.limit()) return reserve();
          // The oldest start that keeps the window full leaves it at this moment.
          const leaves = starts[starts.length - options.limit()].getTime() + options.windowMs;
          const waitMs = Math.max(50, leaves - current.getTime() + 20);
          options2.onWait?.(waitMs);
          await sleep(waitMs, options2.signal);
        }
      });
      tail = turn.catch(() => {});
      return turn;
    },
  };
}
