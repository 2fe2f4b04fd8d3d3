/**
 * The ordinary situations that took the site down under load (issue 20), each against the
 * server with the page cache on: cache-busting query strings, readers while an editor saves, the
 * staff API during public load, and refusals of the public API. Figures are compared with the
 * cached pages measured in the same run.
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export interface ScenarioResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  /** Answers of 500 and more. */
  serverErrors: number;
}

async function run(options: autocannon.Options): Promise<ScenarioResult> {
  const result = await autocannon({ connections: 64, timeout: 10, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
    serverErrors: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0),
  };
}

const random = () => Math.random().toString(36).slice(2, 12);

/** `/` with a different cache-buster or tracking parameter on every request. */
export function cacheBustingHome(origin: string, seconds: number) {
  return run({
    url: origin,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: Math.random() < 0.5 ? `/?cb=${random()}` : `/?utm_source=x&fbclid=${random()}`,
        }),
      },
    ],
  });
}

/**
 * Readers on the home and an article page while an editor saves that article's title every
 * `saveEveryMs`. After each save, the article page is fetched until it shows the new title; the
 * longest wait is what a reader could have seen of the old page.
 */
export async function readersWhileEditing(options: {
  origin: string;
  seconds: number;
  token: string;
  article: { id: number; slug: string; title: string };
  saveEveryMs: number;
  /** What readers ask for (default: the home and the edited article, half and half). */
  readerRequest?: () => { path: string; headers?: Record<string, string> };
}): Promise<ScenarioResult & { saves: number; failedSaves: number; longestStaleMs: number }> {
  const { origin, token, article } = options;
  let saves = 0;
  let failedSaves = 0;
  let longestStaleMs = 0;
  let running = true;
  const editor = (async () => {
    while (running) {
      const title = `${article.title.slice(0, 150)} (edit ${saves + failedSaves + 1})`;
      const saved = await fetch(`${origin}/api/articles/${article.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ title }),
      });
      if (!saved.ok) {
        failedSaves += 1;
      } else {
        saves += 1;
        const savedAt = Date.now();
        // What a reader gets right after the save: the new title, or for how long the old one.
        while (running) {
          const page = await (await fetch(`${origin}/article/${article.slug}`)).text();
          if (page.includes(title.replace(/&/g, "&amp;"))) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        longestStaleMs = Math.max(longestStaleMs, Date.now() - savedAt);
      }
      await new Promise((resolve) => setTimeout(resolve, options.saveEveryMs));
    }
  })();
  const readers = await run({
    url: origin,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request) => {
          const next = options.readerRequest?.() ?? {
            path: Math.random() < 0.5 ? "/" : `/article/${article.slug}`,
          };
          return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  });
  running = false;
  await editor;
  return { ...readers, saves, failedSaves, longestStaleMs };
}

/** One staff request at a time, for as long as `work` runs: the newsroom's view of the load. */
export async function withStaffProbe<T>(
  origin: string,
  token: string,
  work: () => Promise<T>,
): Promise<{ result: T; staffP50Ms: number; staffP99Ms: number; staffFailures: number }> {
  const probe = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "staff-probe.mjs"), [
    `${origin}/api/articles?status=all&limit=10`,
    token,
  ]);
  await new Promise((resolve) => probe.once("message", resolve));
  const result = await work();
  const report = new Promise<{ samples: number[]; failures: number }>((resolve) =>
    probe.once("message", (message) => resolve(message as { samples: number[]; failures: number })),
  );
  probe.send("stop");
  const { samples, failures } = await report;
  const sorted = samples.sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
  return {
    result,
    staffP50Ms: sorted.length ? at(0.5) : Number.NaN,
    staffP99Ms: sorted.length ? at(0.99) : Number.NaN,
    staffFailures: failures,
  };
}

/** A public API key over its limit, asked again and again: every answer should be a cheap 429. */
export async function refusedPublicApi(origin: string, apiKey: string, seconds: number) {
  // Spend the key's allowance first.
  for (let index = 0; index < 110; index += 1) {
    await (await fetch(`${origin}/public/categories`, { headers: { "x-api-key": apiKey } })).text();
  }
  return run({
    url: `${origin}/public/categories`,
    duration: seconds,
    headers: { "x-api-key": apiKey },
  });
}

/**
 * Issue 17's mixed load: readers on the home, article pages, search and the public API with a
 * key, while a writer saves an article every 100 ms. Reports failures, answers of 500 and more,
 * and how long after a save a reader could still get the old page.
 */
export function mixedLoad(options: {
  origin: string;
  seconds: number;
  token: string;
  article: { id: number; slug: string; title: string };
  apiKey: string;
  articleSlugs: string[];
}) {
  const { article, apiKey, articleSlugs } = options;
  const searches = ["bitcoin", "staking", "etf", "stablecoin", "halving"];
  return readersWhileEditing({
    origin: options.origin,
    seconds: options.seconds,
    token: options.token,
    article,
    saveEveryMs: 100,
    readerRequest: () => {
      const roll = Math.random();
      if (roll < 0.3) return { path: "/" };
      if (roll < 0.6) {
        const slug = articleSlugs[Math.floor(Math.random() * articleSlugs.length)] ?? article.slug;
        return { path: `/article/${slug}` };
      }
      if (roll < 0.8) {
        const term = searches[Math.floor(Math.random() * searches.length)];
        return { path: `/api/articles?search=${term}&limit=10` };
      }
      return { path: "/public/articles?limit=10", headers: { "x-api-key": apiKey } };
    },
  });
}

/** A plain URL with the same generator as the scenarios, so their ratios compare like with like. */
export function plainLoad(url: string, seconds: number, headers?: Record<string, string>) {
  return run({ url, duration: seconds, headers });
}
