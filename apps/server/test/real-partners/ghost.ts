import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, waitUntil } from "./suite";

/**
 * A real Ghost 5 (installed from the npm registry by scripts/partners/install-ghost.sh into
 * ~/.cache/aurumwire-ghost/<version>) for the partner contract suite: production mode, SQLite in a
 * temp folder, a random port, set up through its own Admin API (owner, then a custom integration
 * whose Admin API key our adapter uses).
 */

export const ghostVersion = process.env.GHOST_VERSION ?? "5.130.6";
export const ghostHome = path.join(
  process.env.GHOST_HOME ?? path.join(os.homedir(), ".cache", "aurumwire-ghost"),
  ghostVersion,
);

export function ghostInstalled(): boolean {
  return existsSync(path.join(ghostHome, ".installed"));
}

export interface RealGhost {
  url: string;
  adminKey: string;
  ownerEmail: string;
  /** Admin API as the owner (session cookie): how we check what landed there. */
  admin<T = unknown>(
    method: string,
    route: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export async function startGhost(): Promise<RealGhost> {
  const root = await mkdtemp(path.join(os.tmpdir(), "aurumwire-ghost-"));
  const content = path.join(root, "content");
  for (const folder of ["data", "images", "logs", "settings", "themes", "files", "media", "tmp"]) {
    await mkdir(path.join(content, folder), { recursive: true });
  }
  // Every bundled theme (the active default differs between Ghost 5 releases).
  await cp(path.join(ghostHome, "content", "themes"), path.join(content, "themes"), {
    recursive: true,
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["index.js"], {
    cwd: ghostHome,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // Ghost's uploads pass through the temp folder (and leave "*_processed" files there): its own.
      TMPDIR: path.join(content, "tmp"),
      url,
      server__host: "127.0.0.1",
      server__port: String(port),
      database__client: "sqlite3",
      database__connection__filename: path.join(content, "data", "ghost.db"),
      database__useNullAsDefault: "true",
      paths__contentPath: content,
      logging__level: "error",
      logging__transports: '["stdout"]',
      privacy__useUpdateCheck: "false",
      privacy__useGravatar: "false",
      privacy__useRpcPing: "false",
      security__staffDeviceVerification: "false",
      mail__transport: "SMTP",
      mail__options__host: "127.0.0.1",
      mail__options__port: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await rm(root, { recursive: true, force: true });
  };

  try {
    await waitUntil(async () => (await fetch(`${url}/ghost/api/admin/site/`)).ok, {
      deadlineMs: 300_000,
      gone: () => child.exitCode !== null,
      what: () => `Ghost did not start on ${url}:\n${output.join("").slice(-3000)}`,
    });
    const ownerEmail = "owner@partner.example";
    const password = `Gh0st!${Math.random().toString(36).slice(2, 10)}Zq#8`;
    const headers = { "content-type": "application/json", origin: url, accept: "application/json" };
    const setup = await fetch(`${url}/ghost/api/admin/authentication/setup/`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        setup: [{ name: "Partner Owner", email: ownerEmail, password, blogTitle: "Partner Ghost" }],
      }),
    });
    const setupAnswer = await setup.text();
    if (!setup.ok) throw new Error(`Ghost setup answered ${setup.status}: ${setupAnswer}`);
    const session = await fetch(`${url}/ghost/api/admin/session/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ username: ownerEmail, password }),
    });
    // Read the whole answer before using the cookie: express-session sends the headers and all
    // but the last byte of the body, saves the session, and only then sends that byte. fetch
    // resolves on the headers, so a request made at once can arrive before the session is saved
    // (Ghost then answers 403 "Authorization failed" for a cookie it does not know yet).
    await session.text();
    if (!session.ok) throw new Error(`Ghost sign-in answered ${session.status}`);
    const cookie = session.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const admin = async <T>(method: string, route: string, body?: unknown) => {
      const response = await fetch(`${url}/ghost/api/admin${route}`, {
        method,
        headers: { ...headers, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
    };
    type Keys = {
      integrations?: Array<{ api_keys: Array<{ type: string; id: string; secret: string }> }>;
    };
    const integration = await admin<Keys>("POST", "/integrations/?include=api_keys", {
      integrations: [{ name: "AurumWire" }],
    });
    const key = integration.body.integrations?.[0]?.api_keys.find((item) => item.type === "admin");
    if (!key) {
      throw new Error(
        `Ghost made no Admin API key: ${JSON.stringify(integration.body)}\n${output.join("").slice(-4000)}`,
      );
    }
    // Ghost shows the Admin API key as id:secret; some versions answer the secret in that form.
    const adminKey = key.secret.includes(":") ? key.secret : `${key.id}:${key.secret}`;
    return { url, adminKey, ownerEmail, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
