// Lighthouse (mobile profile, simulated throttling) on the public pages of a running server:
// decision 150. Lighthouse is not a dependency of the project; install it in a scratch folder and
// name that folder:
//
//   mkdir -p /tmp/lh && (cd /tmp/lh && npm init -y && npm i lighthouse@12)
//   LIGHTHOUSE_DIR=/tmp/lh node scripts/lighthouse.mjs http://127.0.0.1:4321 [runs] [/path ...]
//
// CHROME_PATH defaults to Debian's /usr/bin/chromium; LIGHTHOUSE_THROTTLING=devtools applies the
// throttling to the real load rather than simulating it. Without paths it measures /, the newest
// article, /articles, /markets, /analysis, the first category and /landing (skipped with a note
// while it answers 404). Prints one row per run and the median of each page; the full reports go
// to LIGHTHOUSE_OUT (default: a temporary folder).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const lighthouseDir = process.env.LIGHTHOUSE_DIR;
const cli = lighthouseDir && path.join(lighthouseDir, "node_modules/lighthouse/cli/index.js");
if (!cli || !existsSync(cli)) {
  console.error(
    "Set LIGHTHOUSE_DIR to a folder with Lighthouse installed (npm i lighthouse@12 there).",
  );
  process.exit(2);
}
const base = (process.argv[2] ?? "http://127.0.0.1:4321").replace(/\/$/, "");
const runs = Number(process.argv[3] ?? 2);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const outDir = process.env.LIGHTHOUSE_OUT ?? mkdtempSync(path.join(tmpdir(), "lighthouse-"));
mkdirSync(outDir, { recursive: true });
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
].join(" ");

/** The status of a page (a fresh connection each time: the server may close an idle one). */
async function statusOf(pathname) {
  const response = await fetch(`${base}${pathname}`, { headers: { connection: "close" } });
  await response.arrayBuffer();
  return response.status;
}

async function json(pathname) {
  const response = await fetch(`${base}${pathname}`, { headers: { connection: "close" } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  return response.json();
}

async function defaultPages() {
  const { articles } = await json("/api/articles?limit=1");
  const { categories } = await json("/api/categories");
  const pages = ["/"];
  if (articles[0]) pages.push(`/article/${articles[0].slug}`);
  pages.push("/articles", "/markets", "/analysis");
  if (categories[0]) pages.push(`/category/${categories[0].slug}`);
  pages.push("/landing");
  return pages;
}

const pages = process.argv.length > 4 ? process.argv.slice(4) : await defaultPages();

const audits = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  bytes: "total-byte-weight",
};

/**
 * One Lighthouse run. Chromium's trace sometimes misses the navigation's start (NO_NAVSTART) on a
 * busy machine: such a run is tried again, up to three times, rather than ending the whole script.
 */
function measure(pathname, run, attempt = 1) {
  const outFile = path.join(
    outDir,
    `${pathname.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${run}.json`,
  );
  const result = spawnSync(
    process.execPath,
    [
      cli,
      `${base}${pathname}`,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${outFile}`,
      `--chrome-flags=${chromeFlags}`,
      // LIGHTHOUSE_THROTTLING=devtools applies the same mobile profile to the real load instead of
      // simulating it from an unthrottled one (decision 150); the default is Lighthouse's own.
      ...(process.env.LIGHTHOUSE_THROTTLING
        ? [`--throttling-method=${process.env.LIGHTHOUSE_THROTTLING}`]
        : []),
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) {
    if (attempt < 3) return measure(pathname, run, attempt + 1);
    throw new Error(`Lighthouse failed on ${pathname} three times`);
  }
  const report = JSON.parse(readFileSync(outFile, "utf8"));
  const value = (id) => report.audits[id].numericValue;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value(audits.fcp),
    lcp: value(audits.lcp),
    tbt: value(audits.tbt),
    cls: value(audits.cls),
    bytes: value(audits.bytes),
    lcpElement:
      report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node
        ?.snippet ?? "",
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const row = (page, m) =>
  `| ${page} | ${m.score} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${Math.round(m.bytes / 1024)} KB |`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

console.log(`Lighthouse ${base}, ${runs} run(s) a page, reports in ${outDir}\n`);
console.log("| page | run | performance | FCP | LCP | TBT | CLS | bytes |");
console.log("|---|---|---|---|---|---|---|---|");
const summary = [];
for (const pathname of pages) {
  const status = await statusOf(pathname);
  if (status !== 200) {
    console.log(`| ${pathname} | - | not measured: the server answers ${status} |`);
    continue;
  }
  const measured = [];
  for (let run = 1; run <= runs; run++) {
    const m = measure(pathname, run);
    measured.push(m);
    console.log(row(`${pathname} | ${run}`, m));
  }
  const med = {};
  for (const key of ["score", "fcp", "lcp", "tbt", "cls", "bytes"]) {
    med[key] = median(measured.map((m) => m[key]));
  }
  summary.push({ pathname, med, lcpElement: measured.at(-1).lcpElement });
}
console.log("\nMedian of the runs:\n");
console.log("| page | performance | FCP | LCP | TBT | CLS | bytes |");
console.log("|---|---|---|---|---|---|---|");
for (const { pathname, med } of summary) console.log(row(pathname, med));
console.log("\nLCP element (last run):");
for (const { pathname, lcpElement } of summary) console.log(`- ${pathname}: ${lcpElement}`);
