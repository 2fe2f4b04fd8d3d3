/**
 * `npm run bench:analytics` (issue 22): the dashboard's analytics queries on a 10,000-article site
 * with a million counted views a day. Seeds the articles (bench/seed-articles.ts) and 30 days of
 * analytics rows with that traffic (Zipf-like: the most read article gets about 14% of a day's
 * views, the least read about 15 views), boots the app on the data folder and times the answers
 * of GET /api/analytics/overview (admin: the whole site; author: their own articles) and
 * GET /api/articles/{id}/analytics (the most read article, and one in the middle), one request at
 * a time. Target: p95 under 100 ms each (exit code 1 when missed).
 * Settings: BENCH_ARTICLES (10000), BENCH_VIEWS_PER_DAY (1000000), BENCH_ANALYTICS_REQUESTS (60
 * per query), BENCH_ANALYTICS_DATA_DIR (reused while it holds the same seed), DATABASE_URL
 * (measure on PostgreSQL: an empty database of its own, seeded on first use).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { seedBenchDatabase } from "./seed-articles";

const articleCount = Number(process.env.BENCH_ARTICLES ?? 10_000);
const viewsPerDay = Number(process.env.BENCH_VIEWS_PER_DAY ?? 1_000_000);
const requests = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 60);
const databaseUrl = process.env.DATABASE_URL;
const dataDir =
  process.env.BENCH_ANALYTICS_DATA_DIR ??
  path.join(tmpdir(), `aurumwire-bench-analytics-${articleCount}-${viewsPerDay}`);
const targetMs = 100;

const log = (message: string) => console.log(`[bench:analytics] ${message}`);

/**
 * Views of the article ranked r (1 = most read) on one day: a Zipf-like share 1/(r + 10) of the
 * day's views, times a day-to-day factor between 0.8 and 1.2. The rank is a fixed shuffle of ids.
 */
function harmonic(count: number) {
  let sum = 0;
  for (let rank = 1; rank <= count; rank += 1) sum += 1 / (rank + 10);
  return sum;
}

async function seedAnalytics() {
  const marker = path.join(dataDir, `analytics-${articleCount}-${viewsPerDay}.ready`);
  if (existsSync(marker)) {
    log(`reusing the seeded analytics in ${databaseUrl ? "the PostgreSQL database" : dataDir}`);
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  log(`seeding ${articleCount} articles`);
  await seedBenchDatabase(dataDir, articleCount, databaseUrl);
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    const scale = viewsPerDay / harmonic(articleCount);
    const ranked = sql.raw(
      "(select id, row_number() over (order by md5(id::text)) as rank from articles where status = 'published')",
    );
    const dailyViews = sql.raw(
      `greatest(1, round(${scale} / (a.rank + 10) * (0.8 + 0.4 * random())))::int`,
    );
    log(`seeding 30 days of daily figures (${viewsPerDay} views a day)`);
    await database.db.execute(sql`
      insert into article_daily_stats (article_id, day, views, read_throughs, timed_reads,
        seconds_on_page, time_under_10s, time_10_to_30s, time_30_to_60s, time_1_to_3m, time_over_3m)
      select id, day, views, views * 2 / 5, views * 4 / 5, views * 60, views / 5, views / 5,
        views / 5, views / 10, views / 10
      from (
        select a.id, d::date as day, ${dailyViews} as views
        from ${ranked} a
        cross join generate_series(current_date - 29, current_date, interval '1 day') d
      ) x
      on conflict do nothing`);
    log(
      "seeding referrers (search, direct, social for every article and day; other sites for the top 500)",
    );
    await database.db.execute(sql`
      insert into article_daily_referrers (article_id, day, source, host, views)
      select s.article_id, s.day, r.source, r.host, greatest(1, s.views * r.share / 100)
      from article_daily_stats s
      cross join (values ('search', 'google.com', 45), ('direct', '', 30), ('social', 't.co', 15))
        as r(source, host, share)
      on conflict do nothing`);
    await database.db.execute(sql`
      insert into article_daily_referrers (article_id, day, source, host, views)
      select s.article_id, s.day, 'sites', 'partner' || (s.article_id % 40) || '.example',
        greatest(1, s.views / 10)
      from article_daily_stats s
      join ${ranked} a on a.id = s.article_id and a.rank <= 500
      on conflict do nothing`);
    log("seeding hourly figures for the last 48 hours (articles read at least once an hour)");
    await database.db.execute(sql`
      insert into article_hourly_stats (article_id, hour, views, read_throughs)
      select a.id, h, ${dailyViews} / 24, ${dailyViews} / 60
      from ${ranked} a
      cross join generate_series(date_trunc('hour', now()) - interval '47 hours',
        date_trunc('hour', now()), interval '1 hour') h
      where ${sql.raw(String(scale))} / (a.rank + 10) >= 24
      on conflict do nothing`);
    log("summing the dashboard's rollups by author and category");
    await database.db.execute(sql`
      insert into analytics_daily_rollups (day, author_id, category_id, views, read_throughs)
      select s.day, a.author_id, coalesce(a.category_id, 0), sum(s.views), sum(s.read_throughs)
      from article_daily_stats s join articles a on a.id = s.article_id
      group by 1, 2, 3
      on conflict do nothing`);
    await database.db.execute(sql`
      insert into analytics_daily_referrer_rollups (day, author_id, source, host, views)
      select r.day, a.author_id, r.source, r.host, sum(r.views)
      from article_daily_referrers r join articles a on a.id = r.article_id
      group by 1, 2, 3, 4
      on conflict do nothing`);
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  writeFileSync(marker, new Date().toISOString());
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
}

async function main() {
  await seedAnalytics();
  const config = loadConfig(
    { LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { dataDir },
  );
  const app = await buildApp(config, { web: "none", logger: false });
  try {
    const login = async (email: string, password: string) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password },
      });
      return { authorization: `Bearer ${response.json().token}` };
    };
    const admin = await login("admin@aurumwire.test", "AurumAdmin#2024");
    const author = await login("author@aurumwire.test", "AurumAuthor#2024");
    const overview = await app.inject({ url: "/api/analytics/overview", headers: admin });
    const top = overview.json().topWeek[0] as { id: number; views: number };
    const middle = await app.inject({
      url: `/api/articles?limit=1&offset=${Math.floor(articleCount / 2)}`,
    });
    const middleId = middle.json().articles[0].id as number;
    const views = overview.json().viewsByDay as Array<{ views: number }>;
    log(
      `site: ${views.at(-2)?.views.toLocaleString("en-US")} views yesterday; most read this week: article ${top.id} (${top.views.toLocaleString("en-US")} views)`,
    );
    const cases = [
      { name: "overview, admin (whole site)", url: "/api/analytics/overview", headers: admin },
      { name: "overview, author (own articles)", url: "/api/analytics/overview", headers: author },
      {
        name: "article analytics, most read",
        url: `/api/articles/${top.id}/analytics`,
        headers: admin,
      },
      {
        name: "article analytics, middle of the list",
        url: `/api/articles/${middleId}/analytics`,
        headers: admin,
      },
    ];
    const lines: string[] = [];
    let missed = 0;
    for (const testCase of cases) {
      const times: number[] = [];
      for (let index = 0; index < requests + 5; index += 1) {
        const started = performance.now();
        const response = await app.inject({ url: testCase.url, headers: testCase.headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`${testCase.name}: ${response.statusCode} ${response.body}`);
        // The first five warm the caches of the database and of V8; they are not counted.
        if (index >= 5) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      if (p95 >= targetMs) missed += 1;
      lines.push(
        `${testCase.name.padEnd(40)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${times.at(-1)?.toFixed(1).padStart(6)} ms  (p95 < ${targetMs} ms ${p95 < targetMs ? "ok" : "MISSED"})`,
      );
    }
    console.log("");
    console.log(
      `AurumWire analytics bench: ${articleCount} articles, ${viewsPerDay.toLocaleString("en-US")} views a day for 30 days, ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}, ${requests} requests per query, one at a time (in-process, app.inject)`,
    );
    for (const line of lines) console.log(line);
    if (missed) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
