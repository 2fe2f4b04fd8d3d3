import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library cannot register its own clean-up; and a worker
// runs several test files in one process (isolate: false, decision 178), so a hook registered
// when a helper module is first imported would serve only the first file. A setup file runs for
// every file: after each test of a file with a DOM, unmount what it rendered.
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
