import { expect } from "@playwright/test";
import { demoAccounts, test } from "./fixtures";

/** What a search engine reads in the server's HTML (issue 32). */

const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
/** The path and query of the page's canonical URL (the host is PUBLIC_URL's, not the test's). */
const canonicalOf = (html: string) => {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return href ? new URL(href).pathname + new URL(href).search : undefined;
};
const pathOf = (url?: string) => (url ? new URL(url).pathname + new URL(url).search : undefined);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]),
  );

test("each page of a list is its own canonical page with its number in the title; past the last, 404", async ({
  request,
}) => {
  const first = await (await request.get("/articles")).text();
  expect(canonicalOf(first)).toBe("/articles");
  for (const page of [2, 3]) {
    const response = await request.get(`/articles?page=${page}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(canonicalOf(html)).toBe(`/articles?page=${page}`);
    expect(titleOf(html)).toContain(`Page ${page}`);
    expect(titleOf(html)).not.toBe(titleOf(first));
  }
  for (const path of ["/articles?page=500", "/analysis?page=500", "/category/bitcoin?page=500"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("/landing names the home page as its canonical address", async ({ request }) => {
  const html = await (await request.get("/landing")).text();
  expect(canonicalOf(html)).toBe("/");
  expect(pathOf(metaContent(html, "property", "og:url"))).toBe("/");
  // The home's structured data and feed link, as on the page it mirrors, under one <title>.
  expect(jsonLdOf(html).map((block) => block["@type"])).toEqual(
    expect.arrayContaining(["Organization", "WebSite"]),
  );
  expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*\/rss\.xml"/);
  expect(html.match(/<title>/g)).toHaveLength(1);
});

test("an article allows large image previews and states its share image's size", async ({
  request,
}) => {
  const html = await (await request.get("/article/how-bitcoin-miners-survive-a-halving")).text();
  expect(metaContent(html, "name", "robots")).toBe("max-image-preview:large");
  expect(metaContent(html, "property", "og:image")).toMatch(/\/uploads\/covers\/.+-1200\.jpg$/);
  expect(metaContent(html, "property", "og:image:width")).toBe("1200");
  expect(metaContent(html, "property", "og:image:height")).toBe("600");
  // Pages kept out of the index stay out.
  const search = await (await request.get("/search?q=bitcoin")).text();
  expect(metaContent(search, "name", "robots")).toBe("noindex");
});

test("desktop list pages load the images of the first screen at once", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/articles");
  const author = await page
    .getByTestId("article-card")
    .first()
    .evaluate(async (card) => {
      const html = await (await fetch((card as HTMLAnchorElement).href)).text();
      return /href="(\/author\/[^"]+)"/.exec(html)?.[1];
    });
  expect(author).toBeTruthy();
  for (const path of ["/trending", "/articles", "/analysis", "/search?q=bitcoin", author!]) {
    await page.goto(path);
    const lazyInFirstScreen = await page.evaluate(() =>
      [...document.querySelectorAll("main img")]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.top < window.innerHeight && box.bottom > 0;
        })
        .filter((image) => image.getAttribute("loading") === "lazy")
        .map((image) => image.getAttribute("src")),
    );
    expect(lazyInFirstScreen, path).toEqual([]);
  }
});

/** The JSON-LD blocks of a page's HTML. */
test("an article's NewsArticle names its picture in the 16:9, 4:3 and 1:1 shapes, each served in that shape", async ({
  request,
}) => {
  const html = await (await request.get("/article/how-bitcoin-miners-survive-a-halving")).text();
  const article = jsonLdOf(html).find((block) => block["@type"] === "NewsArticle");
  const images = (article.image as string[]).map((url) => new URL(url).pathname);
  expect(images).toEqual([
    expect.stringMatching(/^\/uploads\/crops\/16x9\/covers\/.+-1200\.jpg$/),
    expect.stringMatching(/^\/uploads\/crops\/4x3\/covers\/.+-1200\.jpg$/),
    expect.stringMatching(/^\/uploads\/crops\/1x1\/covers\/.+-1200\.jpg$/),
  ]);
  // The pictures' own sizes, read from their JPEG frame headers (SOF0/SOF2).
  const sizeOf = (jpeg: Buffer) => {
    for (let at = 2; at < jpeg.length; ) {
      const marker = jpeg[at + 1];
      if (marker === 0xc0 || marker === 0xc2) {
        return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
      }
      at += 2 + jpeg.readUInt16BE(at + 2);
    }
    return null;
  };
  const shapes = [16 / 9, 4 / 3, 1];
  for (const [index, path] of images.entries()) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    const size = sizeOf(await response.body());
    expect(size, path).not.toBeNull();
    expect(size!.width / size!.height).toBeCloseTo(shapes[index], 1);
    // Search engines ask for at least 50,000 pixels.
    expect(size!.width * size!.height).toBeGreaterThan(50_000);
  }
});

test("the Organization's sameAs lists the social profiles of Site Settings", async ({
  request,
}) => {
  const token = (await (await request.post("/api/auth/login", { data: demoAccounts.admin })).json())
    .token as string;
  const headers = { authorization: `Bearer ${token}` };
  const organizationOf = async (path: string) => {
    const blocks = jsonLdOf(await (await request.get(path)).text());
    return (
      blocks.find((block) => block["@type"] === "Organization") ??
      blocks.find((block) => block["@type"] === "NewsArticle")?.publisher
    );
  };
  const links = ["https://x.com/aurumwire", "https://t.me/aurumwire"];
  // Whatever else is stored stays as it was.
  const stored = (
    await (await request.get("/api/site-settings/contact-details", { headers })).json()
  ).data;
  const save = (socialLinks: string[]) =>
    request.put("/api/site-settings/contact-details", {
      headers,
      data: {
        bitcoinAddress: stored.bitcoinAddress ?? "",
        contactEmail: stored.contactEmail ?? "",
        socialLinks,
      },
    });
  expect((await save(links)).ok()).toBe(true);
  try {
    expect((await organizationOf("/")).sameAs).toEqual(links);
    expect((await organizationOf("/article/how-bitcoin-miners-survive-a-halving")).sameAs).toEqual(
      links,
    );
  } finally {
    await save([]);
  }
  expect((await organizationOf("/")).sameAs).toBeUndefined();
});
