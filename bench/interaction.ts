/**
 * `npm run bench:interaction`: how soon a reader's tap is answered on a phone (issue 35, decisions
 * 242 and 301). Drives the production build in Debian's Chromium with Playwright on a 390x844 touch
 * profile, with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate) and unslowed, and taps each
 * control (interaction-pages.ts) twice per run: the reading pages' as soon as painted and right
 * after React has hydrated the page (`<html data-hydrated>`); the dashboard's, signed in as the
 * demo editor, as soon as painted and once the page has settled (what it fetches at idle is in).
 * Every run is a fresh browser context (a first visit).
 *
 * Per interaction and moment it prints, over the runs (BENCH_INTERACTION_RUNS, 5):
 * - INP: the web-vitals library's (attribution build) interaction to next paint of the page, and
 *   the Event Timing API's longest duration of the tap's own interaction;
 * - tap -> answer: from the tap's pointerdown to the first frame where the page shows the answer
 *   (the menu open, the carousel moved, more stories ...); a tap answered only after a replay, or
 *   by a new document, counts here and not in INP;
 * - lost: taps whose answer never came (8 s).
 * p50 / p75 of each. Usage:
 *
 *   npm run bench:interaction [-- --help] [-- <base url>] [-- --only=<name,...>]
 *
 * Without a base URL it starts the built server (apps/server/dist, `npm run build` first) on a
 * data folder of its own with the demo content. BENCH_INTERACTION_RUNS (5), BENCH_CPU_RATES
 * ("4,1"), CHROMIUM_PATH (/usr/bin/chromium). Timings belong here, never in the tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { dashboardInteractions, publicInteractions } from "./interaction-pages";
import { onPage, type Sample, type SignedIn, signIn, tapOnce } from "./interaction-tap";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(
    "usage: npm run bench:interaction [-- <base url>] [-- --only=menu,load-more,...]\n" +
      "  env: BENCH_INTERACTION_RUNS (5), BENCH_CPU_RATES (4,1), CHROMIUM_PATH (/usr/bin/chromium)",
  );
  process.exit(0);
}
const runs = Math.max(1, Number(process.env.BENCH_INTERACTION_RUNS ?? 5));
const cpuRates = (process.env.BENCH_CPU_RATES ?? "4,1").split(",").map(Number);
const only = args
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
/** --detail: each tap's INP attribution (input delay, processing, presentation, long scripts). */
const detail = args.includes("--detail");
const givenBase = args.find((arg) => /^https?:\/\//.test(arg))?.replace(/\/$/, "");
const accounts = { editor: { email: "editor@aurumwire.test", password: "AurumEditor#2024" } };

async function newestSlug(base: string): Promise<string> {
  const response = await fetch(`${base}/api/articles?limit=1`);
  const body = (await response.json()) as { articles: { slug: string }[] };
  return body.articles[0]?.slug ?? "";
}

async function waitForServer(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in 120 s`);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : "-");

async function main() {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  let base = givenBase;
  if (!base) {
    const port = 4135 + Math.floor(Math.random() * 40);
    dataDir = mkdtempSync(path.join(tmpdir(), "aurumwire-interaction-"));
    server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.mjs")], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
      },
    });
    base = `http://127.0.0.1:${port}`;
  }
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    })
    .catch((error) => {
      server?.kill("SIGTERM");
      throw error;
    });
  let failed = false;
  try {
    await waitForServer(`${base}/api/health`);
    const slug = await newestSlug(base);
    const load = (await import("node:os")).loadavg().map((value) => value.toFixed(1));
    console.log(
      `[interaction] ${base}, ${runs} runs, CPU rates ${cpuRates.join(", ")}, load average ${load.join(" ")}`,
    );
    console.log(
      "| interaction | CPU | tap at | before hydration | INP p50 / p75 | event p50 / p75 | tap -> answer p50 / p75 | lost |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
    // One sign-in for the run: the login route is rate-limited.
    let editorSession: SignedIn = null;
    for (const cpuRate of cpuRates) {
      for (const interaction of [...publicInteractions, ...dashboardInteractions]) {
        if (only && !only.some((name) => interaction.name.startsWith(name))) continue;
        let signedIn: SignedIn = null;
        if (interaction.account) {
          const account = accounts[interaction.account];
          editorSession ??= await signIn(base, account.email, account.password);
          signedIn = editorSession;
        }
        if (!(await onPage(browser, base, slug, interaction, signedIn))) {
          console.log(
            `| ${interaction.name} | ${cpuRate}x | - | not on the page (site settings) | | | | |`,
          );
          continue;
        }
        for (const moment of interaction.moments ?? (["painted", "hydrated"] as const)) {
          const samples: Sample[] = [];
          for (let run = 0; run < runs; run++) {
            samples.push(
              await tapOnce(browser, base, slug, interaction, moment, cpuRate, signedIn, detail),
            );
          }
          const answered = samples.filter((sample) => sample.answerMs !== null);
          const timed = answered.map((sample) => sample.answerMs as number).filter(Number.isFinite);
          const lost = samples.length - answered.length;
          const inps = samples.map((sample) => sample.inp);
          const events = samples.map((sample) => sample.eventDuration);
          console.log(
            `| ${interaction.name} | ${cpuRate}x | ${moment} | ${samples.filter((sample) => !sample.hydratedAtTap).length} of ${samples.length} | ${ms(percentile(inps, 50))} / ${ms(percentile(inps, 75))} | ${ms(percentile(events, 50))} / ${ms(percentile(events, 75))} | ${ms(percentile(timed, 50))} / ${ms(percentile(timed, 75))}${timed.length < answered.length ? ` (${answered.length - timed.length} by a new page)` : ""} | ${lost} of ${samples.length} |`,
          );
          if (lost > 0) failed = true;
        }
      }
    }
    console.log(
      `[interaction] load average at the end ${(await import("node:os"))
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await browser.close();
    if (server) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
