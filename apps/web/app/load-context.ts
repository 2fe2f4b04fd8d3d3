import type { WebLoadContext } from "@aurumwire/server/plugins/web-app";

// Loaders run inside the server process and call its services directly (architecture.md).
declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
