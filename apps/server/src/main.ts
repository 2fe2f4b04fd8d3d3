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
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, { web: mode, jobs: true });
  } catch (error) {
    cannotStart(error, config.logLevel);
  }

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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      cannotStart(
        new Error(
          `port ${config.port} on ${config.host} is already in use. Stop the other server or set PORT to a free port.`,
        ),
        config.logLevel,
      );
    }
    cannotStart(error, config.logLevel);
  }
  app.log.info(`AurumWire is serving ${config.publicUrl}`);
}

/**
 * A start that fails says why in one readable message (the errors of start-up carry what to do),
 * with the cause and, at LOG_LEVEL=debug or trace, the stack; then exits non-zero.
 */
function cannotStart(error: unknown, logLevel = "info"): never {
  const reason = (error instanceof Error ? error.message : String(error)).replace(
    /^cannot start:\s*/i,
    "",
  );
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
  console.error(
    `AurumWire cannot start: ${reason}${cause && cause !== reason ? `\n(${cause})` : ""}`,
  );
  if ((logLevel === "debug" || logLevel === "trace") && error instanceof Error) {
    console.error(error.stack);
  }
  process.exit(1);
}

main().catch((error) => cannotStart(error));
