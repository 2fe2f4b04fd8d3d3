import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

/** Entry point: load config, build the app, listen, shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`AurumWire cannot start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const mode = process.argv.includes("--dev") ? "vite" : "build";
  const app = await buildApp(config, { web: mode, jobs: true });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: closing the server and the database`);
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`AurumWire is serving ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
