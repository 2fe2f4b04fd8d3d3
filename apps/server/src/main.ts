import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

const SHUTDOWN_DEADLINE_MS = 30_000;

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

  // One clean close, however the stop arrives: a terminal's Ctrl+C reaches npm, the start script
  // and the server at once, and npm passes it on again, so repeats are expected and ignored.
  // Only a close that hangs is cut short, after SHUTDOWN_DEADLINE_MS.
  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) {
      app.log.info(`${reason} while closing: still closing the database`);
      return;
    }
    closing = true;
    app.log.info(`${reason}: closing the server and the database`);
    const deadline = setTimeout(() => {
      app.log.error(`the database did not close within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app.close().then(
      () => {
        app.log.info("closed cleanly");
        process.exit(0);
      },
      (error) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT received"));
  process.on("SIGTERM", () => shutdown("SIGTERM received"));
  process.on("SIGHUP", () => shutdown("SIGHUP received"));
  // Started by scripts/start.mjs with an IPC channel: if that wrapper dies (even by SIGKILL), the
  // channel closes and the server stops too instead of running on orphaned.
  process.on("disconnect", () => shutdown("the start script went away"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`AurumWire is serving ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
