import { afterEach, beforeAll } from "vitest";

// findBy* and waitFor give up after 1 s by default: a bound on a duration. The component tests talk
// to a real server (test/api-server.ts), and two CI runs at once (load 20) took longer than that to
// answer, so a field was still disabled when the test looked. 30 s bounds a hang instead.
beforeAll(async () => {
  if (typeof document === "undefined") return;
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 30_000 });
});

// Vitest runs without globals, so Testing Library cannot register its own clean-up; and a worker
// runs several test files in one process (isolate: false, decision 178), so a hook registered
// when a helper module is first imported would serve only the first file. A setup file runs for
// every file: after each test of a file with a DOM, unmount what it rendered.
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
