/**
 * At most `limit` tasks at once; the others wait their turn in order. Server rendering is CPU
 * work on one event loop and the embedded database runs one query at a time, so starting more
 * renders than a few only makes each take longer and keeps all of them in memory together.
 */
export function createConcurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
