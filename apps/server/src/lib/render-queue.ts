/** A render refused because too many already wait: the caller answers fast instead of queueing. */
export class RenderQueueFullError extends Error {
  constructor() {
    super("Too many pages are being rendered; try again in a moment.");
    this.name = "RenderQueueFullError";
  }
}

/**
 * At most `concurrency` tasks at once; the others wait their turn. A public task is refused at
 * once (RenderQueueFullError) when `maxWaiting` already wait, or when the public task at the head
 * of the queue has waited longer than `maxWaitMs` (the queue drains slower than it fills): under a
 * flood of renders a reader gets a quick answer (a stale copy, or 503 with Retry-After) instead of
 * a seconds-long wait behind everyone else (decision 082). Server rendering is CPU work on one
 * event loop, so a longer queue only makes each render wait longer and keeps all of them in memory
 * together.
 *
 * `priority` tasks (staff screens) go before every waiting public render and are never refused:
 * a flood of anonymous renders cannot lock the newsroom out.
 */
export function createRenderQueue(options: {
  concurrency: number;
  maxWaiting: number;
  maxWaitMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let running = 0;
  const waiting: Array<{ start: () => void; priority: boolean; since: number }> = [];

  function startNext() {
    const next = waiting.shift();
    if (next) next.start();
  }

  /** Whether a public task asking now would be refused. */
  function refusesPublic(): boolean {
    if (running < options.concurrency) return false;
    if (waiting.length >= options.maxWaiting) return true;
    const oldestPublic = waiting.find((item) => !item.priority);
    return oldestPublic !== undefined && now() - oldestPublic.since > options.maxWaitMs;
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },

    get full() {
      return refusesPublic();
    },

    async run<T>(task: () => Promise<T>, runOptions: { priority?: boolean } = {}): Promise<T> {
      const priority = runOptions.priority ?? false;
      if (running >= options.concurrency) {
        if (!priority && refusesPublic()) throw new RenderQueueFullError();
        await new Promise<void>((resolve) => {
          // Counted as running when handed its turn, so no newcomer slips in before it.
          const entry = {
            start: () => {
              running += 1;
              resolve();
            },
            priority,
            since: now(),
          };
          if (priority) {
            // After the other staff tasks, before every public one.
            const firstPublic = waiting.findIndex((item) => !item.priority);
            if (firstPublic === -1) waiting.push(entry);
            else waiting.splice(firstPublic, 0, entry);
          } else waiting.push(entry);
        });
      } else running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        startNext();
      }
    },
  };
}

export type RenderQueue = ReturnType<typeof createRenderQueue>;
