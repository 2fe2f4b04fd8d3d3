import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, waitUntil } from "./suite";

/**
 * A real WordPress (Debian's `wordpress` package, installed by scripts/partners/install-wordpress.sh)
 * for the partner contract suite: its own database on the machine's MariaDB, its own document
 * root in a temp folder (the package's code linked in, our wp-config.php), served by PHP's
 * built-in server on a random port, installed and given an application password through
 * wp-load.php. `permalinks: "plain"` is a fresh site whose REST API lives at /?rest_route=/.
 */

const run = promisify(execFile);
export const wordpressSource = "/usr/share/wordpress";

export function wordpressInstalled(): boolean {
  return existsSync(path.join(wordpressSource, "wp-load.php")) && existsSync("/usr/bin/php");
}

export interface RealWordPress {
  /** The site's home page, e.g. http://127.0.0.1:40123 */
  url: string;
  user: string;
  appPassword: string;
  /** Runs PHP with WordPress loaded; answers what the code echoes. */
  php(code: string): Promise<string>;
  /** GET on the partner's REST API as the admin (the way we check what landed there). */
  rest<T = unknown>(route: string): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

const mysqlHost = process.env.WORDPRESS_DB_HOST ?? "127.0.0.1:3306";
const mysqlUser = process.env.WORDPRESS_DB_USER ?? "root";
const mysqlPassword = process.env.WORDPRESS_DB_PASSWORD ?? "";

async function sql(statement: string) {
  const [host, port] = mysqlHost.split(":");
  await run("php", [
    "-r",
    `$db = new mysqli(${JSON.stringify(host)}, ${JSON.stringify(mysqlUser)}, ${JSON.stringify(mysqlPassword)}, "", ${Number(port ?? 3306)}); if (!$db->query(${JSON.stringify(statement)})) { fwrite(STDERR, $db->error); exit(1); }`,
  ]);
}

const router = `<?php
// PHP's built-in server: files as they are, everything else to WordPress (pretty permalinks).
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($path !== '/' && is_file(__DIR__ . $path)) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
require __DIR__ . '/index.php';
`;

export async function startWordPress(
  options: { permalinks: "pretty" | "plain" } = { permalinks: "pretty" },
): Promise<RealWordPress> {
  const root = await mkdtemp(path.join(os.tmpdir(), "aurumwire-wp-"));
  const database = `aw_wp_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawn> | null = null;

  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      // The whole group: PHP's server workers are children of the process we started.
      process.kill(-(server.pid as number), "SIGTERM");
      await exited;
    }
    await sql(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };

  try {
    await sql(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
    for (const entry of await readdir(wordpressSource)) {
      if (entry.endsWith(".php") && entry !== "wp-config.php") {
        await copyFile(path.join(wordpressSource, entry), path.join(root, entry));
      }
    }
    await symlink(path.join(wordpressSource, "wp-admin"), path.join(root, "wp-admin"));
    await symlink(path.join(wordpressSource, "wp-includes"), path.join(root, "wp-includes"));
    const content = path.join(root, "wp-content");
    await mkdir(path.join(content, "uploads"), { recursive: true });
    for (const entry of ["themes", "plugins", "languages"]) {
      await symlink(path.join(wordpressSource, "wp-content", entry), path.join(content, entry));
    }
    await writeFile(path.join(root, "router.php"), router);
    const [dbHost, dbPort] = mysqlHost.split(":");
    const salt = () => Math.random().toString(36).slice(2);
    await writeFile(
      path.join(root, "wp-config.php"),
      `<?php
define('DB_NAME', '${database}');
define('DB_USER', ${JSON.stringify(mysqlUser)});
define('DB_PASSWORD', ${JSON.stringify(mysqlPassword)});
define('DB_HOST', '${dbHost}:${dbPort ?? 3306}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY", "AUTH_SALT", "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"].map((key) => `define('${key}', '${salt()}');`).join("\n")}
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_CONTENT_URL', '${url}/wp-content');
// Application passwords need HTTPS, or a "local" environment (this one is on 127.0.0.1).
define('WP_ENVIRONMENT_TYPE', 'local');
define('WP_AUTO_UPDATE_CORE', false);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );

    const php = async (code: string, prelude = "") => {
      const script = path.join(root, `cli-${Math.random().toString(36).slice(2)}.php`);
      await writeFile(
        script,
        `<?php\n$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';\n${prelude}\nrequire __DIR__ . '/wp-load.php';\n${code}\n`,
      );
      try {
        const { stdout } = await run("php", [script], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
        return stdout;
      } finally {
        await rm(script, { force: true });
      }
    };

    const structure = options.permalinks === "pretty" ? "/%postname%/" : "";
    const installed = JSON.parse(
      await php(
        `
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
ob_start();
wp_install('Partner News', 'partner', 'partner@example.test', true, '', 'partner-password-1');
ob_end_clean();
update_option('permalink_structure', '${structure}');
update_option('blogdescription', 'A partner of AurumWire');
$user = get_user_by('login', 'partner');
[$password] = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'AurumWire']);
echo json_encode(['password' => $password]);
`,
        "define('WP_INSTALLING', true);",
      ),
    ) as { password: string };

    server = spawn("php", ["-S", `127.0.0.1:${port}`, "-t", root, path.join(root, "router.php")], {
      cwd: root,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: "4" },
      stdio: "ignore",
      detached: true,
    });
    const started = server;
    await waitUntil(async () => (await fetch(`${url}/`)).status < 500, {
      deadlineMs: 60_000,
      gone: () => started.exitCode !== null,
      what: () => `PHP's built-in server did not start on ${url}`,
    });

    const authorization = `Basic ${Buffer.from(`partner:${installed.password}`).toString("base64")}`;
    return {
      url,
      user: "partner",
      appPassword: installed.password,
      php,
      async rest<T>(route: string) {
        const [routePath, query] = route.split("?");
        const address = `${url}/?rest_route=${encodeURIComponent(routePath)}${query ? `&${query}` : ""}`;
        const response = await fetch(address, { headers: { authorization } });
        return { status: response.status, body: (await response.json()) as T };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
