/**
 * `npm run bench`'s "under load" part (issue 20), against the server with the page cache on: run
 * by run.ts, which starts the server and prints the table this returns.
 */
import type { ChildProcess } from "node:child_process";
import {
  cacheBustingHome,
  mixedLoad,
  plainLoad,
  readersWhileEditing,
  refusedPublicApi,
  withStaffProbe,
} from "./load-scenarios";
import { rssMb } from "./server-process";

const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`bench: could not sign in as ${email}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Issue 20's situations against the cached server: cache-busting query strings, readers while an
 * editor saves every second, and a public API key over its limit, each with one staff client
 * measuring the newsroom API meanwhile. Targets are relative to the cached pages of this run.
 */
export async function loadScenarios(
  child: ChildProcess,
  slug: string,
  origin: string,
  log: (message: string) => void,
) {
  let peak = rssMb(child.pid!);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid!));
  }, 250);
  const editorToken = await signIn(origin, "editor@aurumwire.test", "AurumEditor#2024");
  const adminToken = await signIn(origin, "admin@aurumwire.test", "AurumAdmin#2024");
  const { article } = (await (await fetch(`${origin}/api/articles/${slug}`)).json()) as {
    article: { id: number; slug: string; title: string };
  };
  const created = await fetch(`${origin}/api/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench ${Date.now()}`, permissions: ["categories:read"] }),
  });
  const apiKey = ((await created.json()) as { data: { apiKey: string } }).data.apiKey;
  // The scenarios' own generator (autocannon, in this process) tops out below what wrk drives, so
  // they are compared with the cached pages measured by the same generator right here.
  log("under load: the cached home and article with the scenarios' generator, for reference");
  const home = (await plainLoad(`${origin}/`, loadSeconds)).requestsPerSecond;
  const articlePage = (await plainLoad(`${origin}/article/${article.slug}`, loadSeconds))
    .requestsPerSecond;

  log("under load: cache-busting home");
  const busting = await withStaffProbe(origin, editorToken, () =>
    cacheBustingHome(origin, loadSeconds),
  );
  log("under load: readers while an editor saves every second");
  const editing = await withStaffProbe(origin, editorToken, () =>
    readersWhileEditing({
      origin,
      seconds: loadSeconds,
      token: editorToken,
      article,
      saveEveryMs: 1000,
    }),
  );
  log("under load: a public API key over its limit");
  const refused = await withStaffProbe(origin, editorToken, () =>
    refusedPublicApi(origin, apiKey, loadSeconds),
  );
  log("under load: the mixed load, a writer saving every 100 ms");
  const readerKey = await fetch(`${origin}/api/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench readers ${Date.now()}`, permissions: ["articles:read"] }),
  });
  const readerApiKey = ((await readerKey.json()) as { data: { apiKey: string } }).data.apiKey;
  const list = (await (await fetch(`${origin}/api/articles?limit=20`)).json()) as {
    articles: Array<{ slug: string }>;
  };
  const mixed = await withStaffProbe(origin, editorToken, () =>
    mixedLoad({
      origin,
      seconds: mixedSeconds,
      token: editorToken,
      article,
      apiKey: readerApiKey,
      articleSlugs: list.articles.map((item) => item.slug),
    }),
  );
  clearInterval(sampler);

  const mark = (ok: boolean) => (ok ? "ok" : "MISSED");
  const staff = (run: { staffP50Ms: number; staffFailures: number }) =>
    `staff p50 ${run.staffP50Ms.toFixed(0)} ms (< 100 ${mark(run.staffP50Ms < 100)})${run.staffFailures ? `, ${run.staffFailures} staff failures!` : ""}`;
  const editedReaders = (home + articlePage) / 2;
  const lines = [
    `under load, ${loadSeconds} s each, 64 connections (autocannon), page cache TTL 60 s; same generator: cached home ${home.toFixed(0)} req/s, cached article ${articlePage.toFixed(0)} req/s`,
    `  cache-busting home: ${busting.result.requestsPerSecond.toFixed(0)} req/s = ${(busting.result.requestsPerSecond / home).toFixed(2)}x the cached home (>= 0.5 ${mark(busting.result.requestsPerSecond >= 0.5 * home)}), p99 ${busting.result.p99Ms} ms, ${busting.result.timeouts} timeouts (0 ${mark(busting.result.timeouts === 0)}), ${busting.result.non2xx} non-2xx; ${staff(busting)}`,
    `  readers, editor saving every 1 s: ${editing.result.requestsPerSecond.toFixed(0)} req/s = ${(editing.result.requestsPerSecond / editedReaders).toFixed(2)}x cached (>= 0.8 ${mark(editing.result.requestsPerSecond >= 0.8 * editedReaders)}), p99 ${editing.result.p99Ms} ms, ${editing.result.saves} saves (${editing.result.failedSaves} failed), old page seen up to ${editing.result.longestStaleMs} ms after a save (<= TTL ${mark(editing.result.longestStaleMs <= 60_000)}); ${staff(editing)}`,
    `  mixed load ${mixedSeconds} s (home, articles, search, public API with a key; a save every 100 ms): ${mixed.result.requestsPerSecond.toFixed(0)} req/s, p99 ${mixed.result.p99Ms} ms, ${mixed.result.errors + mixed.result.timeouts} failed (0 ${mark(mixed.result.errors + mixed.result.timeouts === 0)}), ${mixed.result.serverErrors} 5xx (0 ${mark(mixed.result.serverErrors === 0)}), ${mixed.result.non2xx} non-2xx (429s of the key's limit included), ${mixed.result.saves} saves (${mixed.result.failedSaves} failed), old page seen up to ${mixed.result.longestStaleMs} ms after a save (<= TTL ${mark(mixed.result.longestStaleMs <= 60_000)}); ${staff(mixed)}`,
    `  public API 429s: ${refused.result.requestsPerSecond.toFixed(0)} req/s = ${(refused.result.requestsPerSecond / articlePage).toFixed(2)}x the cached article (>= 1 ${mark(refused.result.requestsPerSecond >= articlePage)}), p50 ${refused.result.p50Ms} ms; ${staff(refused)}`,
  ];
  return { table: lines.join("\n"), peakRssMb: peak };
}
