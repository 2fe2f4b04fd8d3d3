/** A render refused because too many already wait: the caller answers fast instead of queueing. */
export class RenderQueueFullError extends Error {
  constructor() {
    super("Too many pages are being rendered; try again in a moment.");
    this.name = "RenderQueueFullError";
  }
}

/**
 * At most `concurrency` tasks at once; the others wait their turn, and at most `maxWaiting` of
 * them: one more is refused at once (RenderQueueFullError), so under a flood of renders a reader
 * gets a quick answer (a stale copy, or 503 with Retry-After) instead of a seconds-long wait
 * behind everyone else (decision 082). Server rendering is CPU work on one event loop, so a
 * longer queue only makes each render wait longer and keeps all of them in memory together.
 *
 * `priority` tasks (staff screens) go before every waiting public render and are never refused:
 * a flood of anonymous renders cannot lock the newsroom out.
 */
export function createRenderQueue(options: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: Array<{ start: () => void; priority: boolean }> = [];

  function startNext() {
    const next = waiting.shift();
    if (next) next.start();
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },

    /** Whether a public (refusable) task would be refused right now. */
    get full() {
      return running >= options.concurrency && waiting.length >= options.maxWaiting;
    },

    async run<T>(task: () => Promise<T>, runOptions: { priority?: boolean } = {}): Promise<T> {
      const priority = runOptions.priority ?? false;
      if (running >= options.concurrency) {
        if (!priority && waiting.length >= options.maxWaiting) throw new RenderQueueFullError();
        await new Promise<void>((resolve) => {
          // Counted as running when handed its turn, so no newcomer slips in before it.
          const entry = {
            start: () => {
              running += 1;
              resolve();
            },
            priority,
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
