import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest as one cached asset (~4 KB gzipped) instead of a partial one built,
  // matched and pretty-printed into every page: decision 065.
  routeDiscovery: { mode: "initial" },
  // React Router 8 needs Node 22; until we move, the v7 behaviour is kept on purpose (decision
  // 066), and saying so silences the five warnings at every build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
