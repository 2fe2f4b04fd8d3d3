import type { WebLoadContext } from "@aurumwire/server/lib/web-app/load-context";

// Loaders run inside the server process and call its services directly (architecture.md).
declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
