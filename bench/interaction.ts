/**
 * `npm run bench:interaction`: how soon a reader's tap is answered on a phone (issue 35, decision
 * 240). Drives the production build in Debian's Chromium with Playwright on a 390x844 touch
 * profile, with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate) and unslowed, and taps each
 * control twice per run: as soon as it is painted, and right after React has hydrated the page
 * (`<html data-hydrated>`). Every run is a fresh browser context (a first visit).
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
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

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
const answerTimeoutMs = 8000;
const webVitalsScript = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("web-vitals/attribution")),
    "web-vitals.attribution.iife.js",
  ),
  "utf8",
);

type Moment = "painted" | "hydrated";

interface Interaction {
  name: string;
  /** The page, or a function of the demo content's newest article slug. */
  path: (slug: string) => string;
  /** What the reader taps (a Playwright selector). */
  target: string;
  /** Evaluated in the page before the tap; its result is passed to `answered`. */
  before?: string;
  /** A page function body: true once the page shows the answer (`start` = what `before` gave). */
  answered: string;
  /** Steps after the answer (typing): each a text typed into the focused field. */
  typing?: string;
}

const interactions: Interaction[] = [
  {
    name: "menu (home)",
    path: () => "/",
    target: 'button[aria-label="Open menu"]',
    answered: `const nav = document.querySelector('[aria-label="Mobile menu"]'); if (!nav) return false; const box = nav.getBoundingClientRect(); return box.width > 0 && box.right > 100 && getComputedStyle(nav).visibility !== "hidden";`,
  },
  {
    name: "menu (/articles)",
    path: () => "/articles",
    target: 'button[aria-label="Open menu"]',
    answered: `const nav = document.querySelector('[aria-label="Mobile menu"]'); if (!nav) return false; const box = nav.getBoundingClientRect(); return box.width > 0 && box.right > 100 && getComputedStyle(nav).visibility !== "hidden";`,
  },
  {
    name: "menu search: type",
    path: () => "/",
    target: 'button[aria-label="Open menu"]',
    answered: `const input = document.querySelector('[aria-label="Mobile menu"] input'); if (!input) return false; const box = input.getBoundingClientRect(); return box.width > 0 && box.right > 50;`,
    typing: "staking",
  },
  {
    name: "carousel next",
    path: () => "/",
    target: 'button[aria-label="Next articles"]',
    before: `return document.querySelector(".aw-carousel__track")?.style.transform ?? ""`,
    answered: `return (document.querySelector(".aw-carousel__track")?.style.transform ?? "") !== start;`,
  },
  {
    name: "load more",
    path: () => "/",
    target: 'button:has-text("Load More Articles")',
    before: `return document.querySelectorAll('#all-stories-heading ~ * article, #all-stories-heading ~ * a[href^="/article/"]').length`,
    answered: `const button = [...document.querySelectorAll("button")].find((b) => /Load More|Loading/.test(b.textContent)); return document.querySelectorAll('#all-stories-heading ~ * article, #all-stories-heading ~ * a[href^="/article/"]').length > start || (button && button.textContent.includes("Loading"));`,
  },
  {
    name: "share (article)",
    path: (slug) => `/article/${slug}`,
    target: 'button:has-text("Share")',
    answered: `return [...document.querySelectorAll("button")].some((b) => b.textContent.includes("Link copied"));`,
  },
  {
    name: "like (article)",
    path: (slug) => `/article/${slug}`,
    target: 'button[aria-label="Like this article"]',
    answered: `return location.pathname === "/login";`,
  },
  {
    name: "tab link (/articles)",
    path: () => "/articles",
    target: '.aw-tabs a:not([aria-current="page"])',
    answered: `return location.search.includes("tab=");`,
  },
];

/** Installed before any page script: web-vitals, the Event Timing observer and the tap clock. */
const probe = `${webVitalsScript};
(() => {
  const aw = (window.__awBench = { inp: 0, inpTarget: "", events: [], taps: [], answeredAt: null });
  webVitals.onINP((metric) => { const a = metric.attribution ?? {}; aw.inp = metric.value; aw.inpTarget = a.interactionTarget ?? ""; aw.inpDetail = { type: a.interactionType, target: a.interactionTarget, inputDelay: Math.round(a.inputDelay), processing: Math.round(a.processingDuration), presentation: Math.round(a.presentationDelay), scripts: (a.longAnimationFrameEntries ?? []).flatMap((frame) => frame.scripts.map((script) => ({ duration: Math.round(script.duration), invoker: script.invoker, source: (script.sourceURL ?? "").split("/").pop() + ":" + script.sourceFunctionName + "@" + script.sourceCharPosition }))).sort((x, y) => y.duration - x.duration).slice(0, 4) }; }, { reportAllChanges: true, durationThreshold: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.interactionId) aw.events.push({ id: entry.interactionId, name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("pointerdown", (event) => aw.taps.push(event.timeStamp), { capture: true });
})();`;

interface Sample {
  /** Whether React had hydrated the page when the tap came. */
  hydratedAtTap: boolean;
  inp: number;
  eventDuration: number;
  answerMs: number | null;
}

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

/** One tap on a fresh page: at `moment`, then wait for the answer. */
async function tapOnce(
  browser: Browser,
  base: string,
  slug: string,
  interaction: Interaction,
  moment: Moment,
  cpuRate: number,
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    await page.goto(`${base}${interaction.path(slug)}`, { waitUntil: "commit" });
    if (moment === "painted") {
      // The control is on screen and the page has painted.
      await page.waitForFunction(
        () => performance.getEntriesByName("first-contentful-paint").length > 0,
        undefined,
        { timeout: 30_000 },
      );
      await page.locator(interaction.target).first().waitFor({ state: "visible" });
    } else {
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), {
        timeout: 30_000,
      });
    }
    return await tapAndWait(page, interaction);
  } finally {
    await context.close();
  }
}

/** Whether the page shows the interaction's control at all (the carousel is a site setting). */
async function onPage(browser: Browser, base: string, slug: string, interaction: Interaction) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${interaction.path(slug)}`);
    return (await page.locator(interaction.target).count()) > 0;
  } finally {
    await context.close();
  }
}

async function tapAndWait(page: Page, interaction: Interaction): Promise<Sample> {
  const target = page.locator(interaction.target).first();
  await target.scrollIntoViewIfNeeded();
  // The answer is watched frame by frame from before the tap. (A string: tsx would name the
  // nested function with a helper the page does not have.)
  await page.evaluate(`(() => {
    const aw = window.__awBench;
    const start = (() => { ${interaction.before ?? "return null"} })();
    const check = (start) => { ${interaction.answered} };
    aw.answeredAt = null;
    const frame = (now) => {
      if (check(start)) aw.answeredAt = now;
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  const { tapsBefore, hydratedAtTap } = await page.evaluate(() => ({
    tapsBefore: (window as unknown as { __awBench: { taps: number[] } }).__awBench.taps.length,
    hydratedAtTap: document.documentElement.hasAttribute("data-hydrated"),
  }));
  const documentBefore = await page.evaluate(() => performance.timeOrigin);
  await target.tap({ timeout: 10_000 });
  const answeredAt = await page
    .waitForFunction(
      () =>
        (window as unknown as { __awBench: { answeredAt: number | null } }).__awBench.answeredAt,
      undefined,
      { timeout: answerTimeoutMs, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  if (interaction.typing && answeredAt !== null) {
    await page.locator('[aria-label="Mobile menu"] input').first().tap();
    await page.keyboard.type(interaction.typing, { delay: 60 });
  }
  // Lets the last event's paint be observed.
  await page.waitForTimeout(300);
  const result = await page
    .evaluate((from) => {
      const aw = (
        window as unknown as {
          __awBench: {
            inp: number;
            taps: number[];
            events: { id: number; duration: number }[];
          };
        }
      ).__awBench;
      return {
        inp: aw.inp,
        detail: (aw as unknown as { inpDetail?: unknown }).inpDetail ?? null,
        tap: aw.taps[from] ?? null,
        eventDuration: Math.max(0, ...aw.events.map((event) => event.duration)),
      };
    }, tapsBefore)
    .catch(() => null);
  if (interaction.typing && answeredAt !== null && result) {
    const typed = await page
      .locator('[aria-label="Mobile menu"] input')
      .first()
      .inputValue()
      .catch(() => "");
    if (typed !== interaction.typing) return { ...result, hydratedAtTap, answerMs: null };
  }
  if (detail && result)
    console.log(`  [${interaction.name}] INP ${result.inp}: ${JSON.stringify(result.detail)}`);
  const newDocument = await page
    .evaluate((before) => performance.timeOrigin !== before, documentBefore)
    .catch(() => true);
  if (!result || (answeredAt === null && newDocument)) {
    // A new document answered (a link before hydration): answered, timing not comparable.
    return { hydratedAtTap, inp: 0, eventDuration: 0, answerMs: Number.NaN };
  }
  return {
    hydratedAtTap,
    inp: result.inp,
    eventDuration: result.eventDuration,
    answerMs: answeredAt !== null && result.tap !== null ? answeredAt - result.tap : null,
  };
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
    for (const cpuRate of cpuRates) {
      for (const interaction of interactions) {
        if (only && !only.some((name) => interaction.name.startsWith(name))) continue;
        if (!(await onPage(browser, base, slug, interaction))) {
          console.log(
            `| ${interaction.name} | ${cpuRate}x | - | not on the page (site settings) | | | | |`,
          );
          continue;
        }
        for (const moment of ["painted", "hydrated"] as const) {
          const samples: Sample[] = [];
          for (let run = 0; run < runs; run++) {
            samples.push(await tapOnce(browser, base, slug, interaction, moment, cpuRate));
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
