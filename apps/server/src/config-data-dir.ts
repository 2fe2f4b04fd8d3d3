import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What is wrong with the configuration, one line a problem: the server refuses to start with it. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** A DATA_DIR that exists must be a folder; a missing one is created when first written to. */
export function assertDataDirIsAFolder(dataDir: string) {
  let isFolder = true;
  try {
    isFolder = statSync(dataDir).isDirectory();
  } catch {
    // missing: created later
  }
  if (!isFolder) {
    throw new ConfigError([
      `DATA_DIR: ${dataDir} is a file, not a folder. Point DATA_DIR at a folder (it is created when missing).`,
    ]);
  }
}

/**
 * A missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens survive restarts. A file
 * that is there but unusable (short, damaged, a folder) stops the start with what to do: replacing
 * it silently would sign every user out and hide that something overwrote it.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  const cannotStart = (problem: string) => new ConfigError([problem]);
  let existing: string | undefined;
  try {
    existing = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EISDIR") {
      throw cannotStart(
        `DATA_DIR: ${file} is a folder, but it should be the file that holds the login-token secret. Remove it to have a new secret made (everyone is signed out), or set JWT_SECRET.`,
      );
    }
    if (code !== "ENOENT") {
      throw cannotStart(
        `DATA_DIR: cannot read ${file} (${code ?? String(error)}). Check its owner and permissions, or set JWT_SECRET.`,
      );
    }
  }
  if (existing !== undefined) {
    const secret = existing.trim();
    if (secret.length >= 32 && /^[\x20-\x7e]+$/.test(secret)) return secret;
    const what =
      secret.length < 32
        ? `holds ${secret.length} characters where at least 32 are needed`
        : "holds characters no generated secret has (it looks damaged)";
    throw cannotStart(
      `DATA_DIR: ${file} ${what}. Restore it from a backup, or delete it to have a new one made (everyone is signed out), or set JWT_SECRET.`,
    );
  }
  const secret = randomBytes(48).toString("base64url");
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another server starting on the same folder wrote it first: use theirs.
    if (code === "EEXIST") return loadOrCreateJwtSecret(dataDir);
    throw cannotStart(
      `DATA_DIR: cannot write ${file} (${code ?? String(error)}). Check that ${dataDir} can be created and written by this user, or set JWT_SECRET.`,
    );
  }
  return secret;
}
