import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest as one cached asset (~4 KB gzipped) instead of a partial one built,
  // matched and pretty-printed into every page: decision 065.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
