/**
 * What `npm run bench:interaction` taps (issue 35): the reading pages' controls (decision 242),
 * anonymous, and the dashboard's (decision 301), signed in as the demo editor.
 */
import type { Page } from "playwright-core";

/**
 * When the control is tapped: as soon as it is painted; right after React has hydrated the page;
 * or once the page has settled (hydrated, the control shown, and no resource finished loading
 * for a second: what the page fetches at idle is in).
 */
export type Moment = "painted" | "hydrated" | "settled";

export interface Interaction {
  name: string;
  /** The page, or a function of the demo content's newest article slug. */
  path: (slug: string) => string;
  /** What the reader taps (a Playwright selector). */
  target: string;
  /** Evaluated in the page before the tap; its result is passed to `answered`. */
  before?: string;
  /** A page function body: true once the page shows the answer (`start` = what `before` gave). */
  answered: string;
  /** After the answer: tap this field and type the text into it (the text then must be in it). */
  typing?: { field: string; text: string };
  /** Signed in as this demo account (the dashboard); anonymous otherwise. */
  account?: "editor";
  /**
   * Steps before the measured tap (another tap that shows the control). Their own interactions are
   * left out: INP is then the longest Event Timing entry from the measured tap on.
   */
  prepare?: (page: Page) => Promise<void>;
  /** The moments it is tapped at: painted and hydrated unless said. */
  moments?: readonly Moment[];
}

const mobileMenuOpen = `const nav = document.querySelector('[aria-label="Mobile menu"]'); if (!nav) return false; const box = nav.getBoundingClientRect(); return box.width > 0 && box.right > 100 && getComputedStyle(nav).visibility !== "hidden";`;

export const publicInteractions: Interaction[] = [
  {
    name: "menu (home)",
    path: () => "/",
    target: 'button[aria-label="Open menu"]',
    answered: mobileMenuOpen,
  },
  {
    name: "menu (/articles)",
    path: () => "/articles",
    target: 'button[aria-label="Open menu"]',
    answered: mobileMenuOpen,
  },
  {
    name: "menu search: type",
    path: () => "/",
    target: 'button[aria-label="Open menu"]',
    answered: `const input = document.querySelector('[aria-label="Mobile menu"] input'); if (!input) return false; const box = input.getBoundingClientRect(); return box.width > 0 && box.right > 50;`,
    typing: { field: '[aria-label="Mobile menu"] input', text: "staking" },
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

/**
 * Shown: an element matching the selector has a box and is not hidden (a closed menu kept mounted,
 * as the dashboard's styles warm-up renders one for a moment, has a box but `visibility: hidden`).
 */
const shown = (selector: string) =>
  `return [...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => { const box = element.getBoundingClientRect(); return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden"; });`;

const dashboard = { account: "editor", moments: ["painted", "settled"] } as const;

/** The AI Generator tab of Articles Management, with its topic chips shown. */
async function openGenerator(page: Page) {
  await page.locator('button[role="tab"]:has-text("AI Generator")').tap({ timeout: 30_000 });
  await page.locator(".MuiChip-clickable").first().waitFor({ state: "visible", timeout: 30_000 });
}

export const dashboardInteractions: Interaction[] = [
  {
    // The dashboard home's "Create Article": the editor's route, its form and Quill.
    name: "dashboard: open editor",
    path: () => "/dashboard",
    target: '#dashboard-content a[href="/dashboard/articles/create"]',
    answered: shown(".ql-editor"),
    ...dashboard,
  },
  {
    name: "dashboard: type in editor",
    path: () => "/dashboard/articles/create",
    target: ".ql-editor",
    answered: `return !!document.activeElement?.closest(".ql-editor");`,
    typing: { field: ".ql-editor", text: "Bitcoin miners sold" },
    ...dashboard,
  },
  {
    name: "dashboard: row menu",
    path: () => "/dashboard/articles",
    target: 'button[aria-label^="More actions for"]',
    answered: shown('[role="menu"]'),
    ...dashboard,
  },
  {
    name: "dashboard: generator tab",
    path: () => "/dashboard/articles",
    target: 'button[role="tab"]:has-text("AI Generator")',
    answered: shown(".MuiChip-clickable"),
    ...dashboard,
  },
  {
    name: "dashboard: generator chip",
    path: () => "/dashboard/articles",
    prepare: openGenerator,
    target: ".MuiChip-clickable",
    before: `return document.querySelector('textarea[name="prompt"]')?.value ?? ""`,
    answered: `const value = document.querySelector('textarea[name="prompt"]')?.value ?? ""; return value !== "" && value !== start;`,
    ...dashboard,
  },
];
