/**
 * One tap of `npm run bench:interaction` (issue 35, decisions 242 and 301): a fresh phone context,
 * the page loaded with the CPU slowed, the control tapped at a moment, and the answer timed.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { Interaction, Moment } from "./interaction-pages";

const answerTimeoutMs = 8000;
const webVitalsScript = readFileSync(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve("web-vitals/attribution")),
    "web-vitals.attribution.iife.js",
  ),
  "utf8",
);

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

export interface Sample {
  /** Whether React had hydrated the page when the tap came. */
  hydratedAtTap: boolean;
  inp: number;
  eventDuration: number;
  answerMs: number | null;
}

/** Where the signed-in dashboard keeps its session: localStorage, as the login form leaves it. */
export type SignedIn = { token: string; user: unknown } | null;

export async function signIn(base: string, email: string, password: string): Promise<SignedIn> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string; user?: unknown };
  if (!response.ok || !body.token) throw new Error(`login as ${email}: ${response.status}`);
  return { token: body.token, user: body.user };
}

function contextOptions(base: string, signedIn: SignedIn): BrowserContextOptions {
  if (!signedIn) return {};
  return {
    storageState: {
      cookies: [],
      origins: [
        {
          origin: base,
          localStorage: [
            { name: "token", value: signedIn.token },
            { name: "user", value: JSON.stringify(signedIn.user) },
          ],
        },
      ],
    },
  };
}

/** Until no resource has finished loading for a second (what the page fetches at idle is in). */
async function untilSettled(page: Page) {
  let last = -1;
  let quietSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const count = await page.evaluate(() => performance.getEntriesByType("resource").length);
    if (count !== last) {
      last = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 1000) return;
    await page.waitForTimeout(100);
  }
}

/** One tap on a fresh page: at `moment`, then wait for the answer. */
export async function tapOnce(
  browser: Browser,
  base: string,
  slug: string,
  interaction: Interaction,
  moment: Moment,
  cpuRate: number,
  signedIn: SignedIn,
  detail: boolean,
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    permissions: ["clipboard-read", "clipboard-write"],
    ...contextOptions(base, signedIn),
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
    } else {
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), {
        timeout: 30_000,
      });
    }
    await interaction.prepare?.(page);
    if (moment !== "hydrated") {
      await page.locator(interaction.target).first().waitFor({ state: "visible", timeout: 30_000 });
    }
    if (moment === "settled") await untilSettled(page);
    return await tapAndWait(page, interaction, detail);
  } finally {
    await context.close();
  }
}

/** Whether the page shows the interaction's control at all (the carousel is a site setting). */
export async function onPage(
  browser: Browser,
  base: string,
  slug: string,
  interaction: Interaction,
  signedIn: SignedIn,
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...contextOptions(base, signedIn),
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${interaction.path(slug)}`);
    await interaction.prepare?.(page);
    if (interaction.account) {
      // The dashboard renders in the browser: give it its data before looking.
      await page
        .locator(interaction.target)
        .first()
        .waitFor({ state: "visible", timeout: 30_000 })
        .catch(() => undefined);
    }
    return (await page.locator(interaction.target).count()) > 0;
  } finally {
    await context.close();
  }
}

type Probe = {
  inp: number;
  inpDetail?: unknown;
  taps: number[];
  events: { id: number; start: number; duration: number }[];
  answeredAt: number | null;
};

async function tapAndWait(page: Page, interaction: Interaction, detail: boolean): Promise<Sample> {
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
    tapsBefore: (window as unknown as { __awBench: Probe }).__awBench.taps.length,
    hydratedAtTap: document.documentElement.hasAttribute("data-hydrated"),
  }));
  const documentBefore = await page.evaluate(() => performance.timeOrigin);
  await target.tap({ timeout: 10_000 });
  const answeredAt = await page
    .waitForFunction(
      () => (window as unknown as { __awBench: Probe }).__awBench.answeredAt,
      undefined,
      { timeout: answerTimeoutMs, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  if (interaction.typing && answeredAt !== null) {
    await page.locator(interaction.typing.field).first().tap();
    await page.keyboard.type(interaction.typing.text, { delay: 60 });
  }
  // Lets the last event's paint be observed.
  await page.waitForTimeout(300);
  const result = await page
    .evaluate((from) => {
      const aw = (window as unknown as { __awBench: Probe }).__awBench;
      const tap = aw.taps[from] ?? null;
      // The tap's own interactions and the ones after it (typing), not a preparing tap's.
      const events = aw.events.filter((event) => tap === null || event.start >= tap - 1);
      return {
        inp: aw.inp,
        detail: aw.inpDetail ?? null,
        tap,
        eventDuration: Math.max(0, ...events.map((event) => event.duration)),
      };
    }, tapsBefore)
    .catch(() => null);
  if (result && interaction.prepare) result.inp = result.eventDuration;
  if (interaction.typing && answeredAt !== null && result) {
    const typed = await page
      .locator(interaction.typing.field)
      .first()
      .evaluate((field) =>
        field instanceof HTMLInputElement ? field.value : (field.textContent ?? ""),
      )
      .catch(() => "");
    if (!typed.includes(interaction.typing.text))
      return { ...result, hydratedAtTap, answerMs: null };
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
