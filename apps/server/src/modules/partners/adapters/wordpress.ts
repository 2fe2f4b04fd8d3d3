import { OutboundError } from "../../../lib/outbound-http";
import { type AdapterContext, copyOnce, goneOr, partnerBody, uploadName } from "./context";
import {
  isStatus,
  type PartnerAdapter,
  type PartnerArticle,
  type PartnerImage,
  PartnerSetupError,
  parseJson,
  partnerRequest,
  RemoteGoneError,
} from "./types";

/**
 * WordPress REST API with an application password (decisions 110, 170-172). The REST root is
 * discovered the documented way, from the `Link: <...>; rel="https://api.w.org/"` header of the
 * home page, so both `/wp-json/` and plain permalinks' `/?rest_route=/` work. Images go to the
 * partner's media library, tags and the category become the partner's terms, an update never
 * touches the post's status, and a post is found again by our canonical link in its content.
 */

const apiRel = "https://api.w.org/";
/** Discovered REST roots by site address: the home page is asked once per process. */
const roots = new Map<string, string>();

/** The REST root a Link header announces, if any. */
export function restRootFromLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = part.match(/<([^>]+)>\s*;(.*)$/);
    if (match && /rel\s*=\s*"?https:\/\/api\.w\.org\/"?/i.test(match[2])) return match[1];
  }
  return null;
}

/** The address of a route under a root of either form (`/wp-json/` or `?rest_route=/`). */
export function restUrl(root: string, route: string, query: Record<string, string> = {}) {
  const clean = route.replace(/^\/+/, "");
  let url: URL;
  if (/[?&]rest_route=/.test(root)) {
    url = new URL(root);
    url.searchParams.set("rest_route", `/${clean}`);
  } else {
    url = new URL(clean, root.endsWith("/") ? root : `${root}/`);
  }
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

interface WordPressPost {
  id?: unknown;
  link?: unknown;
  status?: unknown;
  content?: { raw?: unknown };
}

const anyStatus = "publish,future,draft,pending,private";

export function wordpressAdapter(context: AdapterContext): PartnerAdapter {
  const { settings, limits, refs, now, host } = context;
  const site = settings.url.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${settings.username ?? ""}:${settings.secret}`).toString("base64")}`;

  async function root(signal?: AbortSignal): Promise<string> {
    if (/[?&]rest_route=/.test(site)) return site;
    if (/\/wp-json$/.test(site)) return `${site}/`;
    const known = roots.get(site);
    if (known) return known;
    let answer: Awaited<ReturnType<typeof partnerRequest>>;
    try {
      answer = await partnerRequest(
        {
          method: "GET",
          url: `${site}/`,
          headers: { accept: "text/html" },
          signal,
          followRedirects: true,
        },
        limits,
      );
    } catch (error) {
      // A 4xx says the address is wrong; a 5xx (a site in maintenance) is retried like any
      // other call to the partner, not failed for good.
      const status =
        error instanceof OutboundError && error.kind === "http_status" ? (error.status ?? 0) : 0;
      if (status && status < 500 && status !== 408) {
        throw new PartnerSetupError(
          `The home page ${site}/ answered ${status}, so its REST API could not be found. Check the address.`,
        );
      }
      throw error;
    }
    const found = restRootFromLink(answer.headers.get("link"));
    if (!found) {
      throw new PartnerSetupError(
        `${host} answered, but its home page does not announce a WordPress REST API (no Link header with rel="${apiRel}"). Check that the address is the WordPress site's home page and that its REST API is on.`,
      );
    }
    roots.set(site, found);
    return found;
  }

  async function call(
    method: "GET" | "POST" | "DELETE",
    route: string,
    options: { query?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
  ) {
    const url = restUrl(await root(options.signal), route, options.query);
    return partnerRequest(
      {
        method,
        url,
        headers: {
          authorization,
          accept: "application/json",
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      },
      limits,
    );
  }

  const readPost = (body: string) => {
    const post = parseJson<WordPressPost>(body, "WordPress");
    if (typeof post?.id !== "number" && typeof post?.id !== "string") {
      throw new OutboundError("malformed", "WordPress answered without the post's id");
    }
    return {
      id: String(post.id),
      link: typeof post.link === "string" ? post.link : null,
      status: typeof post.status === "string" ? post.status : null,
    };
  };

  /** Our image in the partner's media library (uploaded once per connection), with alt and caption. */
  const mediaCopy = (image: PartnerImage, signal?: AbortSignal) =>
    copyOnce(context, "wp-media", image, async (file) => {
      const query: Record<string, string> = {};
      if (image.alt) query.alt_text = image.alt;
      if (image.caption) query.caption = image.caption;
      let answer: Awaited<ReturnType<typeof partnerRequest>>;
      try {
        answer = await partnerRequest(
          {
            method: "POST",
            url: restUrl(await root(signal), "wp/v2/media", query),
            headers: {
              authorization,
              accept: "application/json",
              "content-type": file.contentType,
              "content-disposition": `attachment; filename="${uploadName(file.filename)}"`,
            },
            body: file.bytes,
            signal,
          },
          limits,
        );
      } catch (error) {
        // WordPress refused this file type or size: our absolute address stays in the body.
        if (isStatus(error, 400, 413, 415, 500)) return null;
        throw error;
      }
      const media = parseJson<{ id?: unknown; source_url?: unknown }>(
        answer.body,
        "WordPress media",
      );
      if (typeof media.id !== "number") return null;
      const url = typeof media.source_url === "string" ? media.source_url : null;
      return { remoteId: String(media.id), remoteUrl: url };
    });

  /** The partner's term for a slug: looked up, created when missing, remembered per connection. */
  async function termId(
    taxonomy: "categories" | "tags",
    name: string,
    slug: string,
    signal?: AbortSignal,
  ) {
    const cached = await refs.get(`wp-${taxonomy}`, slug);
    if (cached) return Number(cached.remoteId);
    const found = parseJson<Array<{ id?: unknown }>>(
      (await call("GET", `wp/v2/${taxonomy}`, { query: { slug, context: "edit" }, signal })).body,
      "WordPress terms",
    );
    let id = Array.isArray(found) && typeof found[0]?.id === "number" ? found[0].id : null;
    if (id === null) {
      try {
        const created = parseJson<{ id?: unknown }>(
          (await call("POST", `wp/v2/${taxonomy}`, { body: { name, slug }, signal })).body,
          "WordPress terms",
        );
        id = typeof created.id === "number" ? created.id : null;
      } catch (error) {
        // Made meanwhile (or differs only in case): WordPress names the existing term.
        if (!isStatus(error, 400)) throw error;
        const again = parseJson<Array<{ id?: unknown }>>(
          (
            await call("GET", `wp/v2/${taxonomy}`, {
              query: { search: name, context: "edit" },
              signal,
            })
          ).body,
          "WordPress terms",
        );
        id = typeof again[0]?.id === "number" ? again[0].id : null;
      }
    }
    if (id === null) return null;
    await refs.set(`wp-${taxonomy}`, slug, { remoteId: String(id), remoteUrl: null });
    return id;
  }

  async function postFields(article: PartnerArticle, signal?: AbortSignal) {
    const content = await partnerBody(
      context,
      article,
      async (image) => (await mediaCopy(image, signal))?.remoteUrl ?? null,
    );
    const cover = article.cover ? await mediaCopy(article.cover, signal) : null;
    const category = article.category
      ? await termId("categories", article.category.name, article.category.slug, signal)
      : null;
    const tags: number[] = [];
    for (const tag of article.tags.slice(0, 20)) {
      const slug = tag
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^\w\s-]/g, "")
        .trim()
        .replace(/[\s_]+/g, "-");
      const id = slug ? await termId("tags", tag, slug, signal) : null;
      if (id !== null) tags.push(id);
    }
    return {
      title: article.title,
      content,
      excerpt: article.excerpt,
      ...(category !== null ? { categories: [category] } : {}),
      tags,
      ...(cover ? { featured_media: Number(cover.remoteId) } : {}),
    };
  }

  const createStatus = () =>
    ["draft", "pending", "future", "publish"].includes(settings.postStatus)
      ? settings.postStatus
      : "pending";

  return {
    async publish(article, { remoteId, signal }) {
      const fields = await postFields(article, signal);
      if (remoteId) {
        // An update sends no status: the partner's editors decide what is live (issue 28, 1).
        let answer: Awaited<ReturnType<typeof call>>;
        try {
          answer = await call("POST", `wp/v2/posts/${encodeURIComponent(remoteId)}`, {
            body: fields,
            signal,
          });
        } catch (error) {
          throw goneOr(error, context);
        }
        const post = readPost(answer.body);
        if (post.status === "trash") {
          throw new RemoteGoneError(`The post is in the trash on ${host}.`, 410);
        }
        return { remoteId: post.id, remoteUrl: post.link };
      }
      const status = createStatus();
      const answer = await call("POST", "wp/v2/posts", {
        body: {
          ...fields,
          slug: article.slug,
          status,
          // "future" needs a date; one hour from now leaves the partner's editors time to look.
          ...(status === "future"
            ? { date_gmt: new Date(now() + 3_600_000).toISOString().slice(0, 19) }
            : {}),
        },
        signal,
      });
      const post = readPost(answer.body);
      return { remoteId: post.id, remoteUrl: post.link };
    },

    async find(article, signal) {
      const answer = await call("GET", "wp/v2/posts", {
        query: { search: article.canonicalUrl, status: anyStatus, context: "edit", per_page: "20" },
        signal,
      });
      const posts = parseJson<WordPressPost[]>(answer.body, "WordPress");
      const mine = (Array.isArray(posts) ? posts : []).find(
        (post) =>
          typeof post.content?.raw === "string" && post.content.raw.includes(article.canonicalUrl),
      );
      if (!mine) return null;
      const post = readPost(JSON.stringify(mine));
      return { remoteId: post.id, remoteUrl: post.link };
    },

    async withdraw(remoteId, _article, signal) {
      try {
        // Without force=true WordPress moves the post to its trash: gone from the site, and the
        // partner's editors can still restore it.
        await call("DELETE", `wp/v2/posts/${encodeURIComponent(remoteId)}`, { signal });
        return `Moved to the trash on ${host}.`;
      } catch (error) {
        if (isStatus(error, 404, 410)) return `The post was already gone from ${host}.`;
        throw error;
      }
    },

    async check(signal) {
      const restRoot = await root(signal);
      let me: { name?: unknown; capabilities?: Record<string, unknown> };
      try {
        me = parseJson(
          (await call("GET", "wp/v2/users/me", { query: { context: "edit" }, signal })).body,
          "WordPress",
        );
      } catch (error) {
        if (isStatus(error, 401, 403)) {
          throw new PartnerSetupError(
            `WordPress at ${host} refused the user name or application password (${(error as OutboundError).status}). Create an application password under Users > Profile and enter it with its user name.`,
          );
        }
        throw error;
      }
      const name = typeof me.name === "string" ? me.name : (settings.username ?? "the user");
      const caps = me.capabilities ?? {};
      if (!caps.edit_posts) {
        throw new PartnerSetupError(
          `WordPress at ${host} accepted the password, but ${name} may not write posts. Give the user the Author or Editor role.`,
        );
      }
      const publishes = caps.publish_posts
        ? "and publish"
        : "but not publish (posts wait as pending)";
      return `WordPress at ${host} (REST API ${restRoot}): signed in as ${name}, who may write ${publishes} posts. Nothing was created.`;
    },
  };
}
