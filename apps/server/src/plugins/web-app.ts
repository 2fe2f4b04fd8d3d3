import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppConfig } from "../config";
import type { WebAppMode } from "../lib/web-app/load-context";
import { registerPageRoutes } from "../lib/web-app/page-routes";
import { readBuiltStylesheets } from "../lib/web-app/web-bridge";
import { webRoot } from "../paths";
import type { AppServices } from "../services";

const webBuildDir = path.join(webRoot, "build");

/**
 * Serves the built client assets and, for every other path, the React Router app rendered
 * on the server. Loaders get the services in-process through the load context.
 */
export default fp(
  async function webAppPlugin(
    app: FastifyInstance,
    options: { mode: WebAppMode; config: AppConfig; services: AppServices },
  ) {
    const { mode, config, services } = options;
    if (mode === "none") return;
    if (typeof mode === "object") {
      await registerPageRoutes(app, {
        config,
        services,
        handleRequest: mode.handleRequest,
        keepPages: true,
      });
      return;
    }

    // A function (dev server) is asked on every request; a built app is handed over as the object
    // itself: React Router then sets up its route tables once, not on every request (given a
    // function it rebuilt them each time: ~5% of an article render).
    let serverBuild: ServerBuild | (() => Promise<ServerBuild>);
    let buildMode: "production" | "development" = "production";
    let stylesheets: Map<string, string> | undefined;
    if (mode === "vite") {
      const vite = await import("vite");
      const middie = await import("@fastify/middie");
      const devServer = await vite.createServer({
        root: webRoot,
        configFile: path.join(webRoot, "vite.config.ts"),
        server: { middlewareMode: true },
        appType: "custom",
      });
      await app.register(middie.default);
      app.use(devServer.middlewares);
      app.addHook("onClose", () => devServer.close());
      serverBuild = () =>
        devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
      buildMode = "development";
    } else {
      const serverEntry = path.join(webBuildDir, "server", "index.js");
      if (!existsSync(serverEntry)) {
        throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
      }
      const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
      serverBuild = build;
      const clientDir = path.join(webBuildDir, "client");
      stylesheets = readBuiltStylesheets(path.join(clientDir, "assets"));
      await app.register(fastifyStatic, {
        root: path.join(clientDir, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        immutable: true,
        maxAge: "365d",
      });
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: "/",
        decorateReply: false,
        // Only the top-level files (favicon...): one route each, so the app's catch-all keeps the rest.
        wildcard: false,
        // Logo, favicon and share image keep their names across releases: a day, then revalidated.
        maxAge: "1d",
        index: false,
        globIgnore: ["assets/**"],
      });
    }

    const handleRequest = createRequestHandler(serverBuild, buildMode);
    await registerPageRoutes(app, {
      config,
      services,
      handleRequest,
      // The dev server's scripts carry no nonce: its pages get no CSP and are never kept.
      keepPages: mode !== "vite",
      stylesheets,
    });
  },
  { name: "web-app" },
);
