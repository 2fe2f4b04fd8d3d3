import { createHmac } from "node:crypto";
import { type AddressGuard, OutboundError, sendRequest } from "../../lib/outbound-http";

/**
 * The partner client's three adapters (decision 110), each speaking its platform's real protocol:
 * the WordPress REST API with an application password, the Ghost Admin API with a short-lived
 * HS256 token, and a generic webhook carrying the article as IPTC ninjs, signed with HMAC-SHA256.
 * Every call goes through lib/outbound-http (time and size limits, 429 with Retry-After).
 */

export type PartnerKind = "wordpress" | "ghost" | "webhook";

export interface PartnerArticle {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized HTML, as our readers get it. */
  html: string;
  byline: string;
  category: string | null;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  /** Our article page: the canonical link partners should keep. */
  canonicalUrl: string;
  coverUrl: string | null;
  /** The cover's bytes, for platforms that want it uploaded (WordPress). */
  loadCover?: () => Promise<{ bytes: Uint8Array; filename: string; contentType: string } | null>;
}

export interface PartnerConnectionSettings {
  kind: PartnerKind;
  url: string;
  username: string | null;
  secret: string;
  postStatus: string;
  siteName: string;
}

export interface PublishResult {
  remoteId: string;
  remoteUrl: string | null;
}

export interface PartnerAdapter {
  /** Creates the remote post, or updates it when remoteId is given (a re-send). */
  publish(
    article: PartnerArticle,
    options: { remoteId?: string | null; pushId: number; signal?: AbortSignal },
  ): Promise<PublishResult>;
  /** A real round trip that leaves nothing public behind; answers what it did. */
  check(signal?: AbortSignal): Promise<string>;
}

export const partnerTimeouts = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024 };

function baseUrl(url: string, suffix: RegExp) {
  return url.replace(/\/+$/, "").replace(suffix, "");
}

function parseJson<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    // Never the body itself: the address may lead anywhere, and its answer is not ours to show.
    throw new OutboundError(
      "malformed",
      `${what} answered with ${body.trim() ? "something that is not JSON" : "an empty body where JSON was expected"}`,
    );
  }
}

export function createPartnerAdapter(
  settings: PartnerConnectionSettings,
  options: { timeoutMs?: number; now?: () => number; guard?: AddressGuard } = {},
): PartnerAdapter {
  const limits: Limits = {
    ...partnerTimeouts,
    timeoutMs: options.timeoutMs ?? partnerTimeouts.timeoutMs,
    guard: options.guard,
  };
  const now = options.now ?? Date.now;
  if (settings.kind === "wordpress") return wordpressAdapter(settings, limits, now);
  if (settings.kind === "ghost") return ghostAdapter(settings, limits, now);
  return webhookAdapter(settings, limits, now);
}

/** Every call's limits, and the guard of a staff-set address (spread into each sendRequest). */
type Limits = typeof partnerTimeouts & { guard?: AddressGuard };

// --- WordPress REST API ---------------------------------------------------------------------

interface WordPressPost {
  id?: unknown;
  link?: unknown;
}

function wordpressAdapter(
  settings: PartnerConnectionSettings,
  limits: Limits,
  now: () => number,
): PartnerAdapter {
  const api = `${baseUrl(settings.url, /\/wp-json$/)}/wp-json/wp/v2`;
  const authorization = `Basic ${Buffer.from(`${settings.username ?? ""}:${settings.secret}`).toString("base64")}`;
  const call = (
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ) =>
    sendRequest({
      method,
      url: `${api}${path}`,
      headers: {
        authorization,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...limits,
    });
  const readPost = (body: string): { id: string; link: string | null } => {
    const post = parseJson<WordPressPost>(body, "WordPress");
    if (typeof post?.id !== "number" && typeof post?.id !== "string") {
      throw new OutboundError("malformed", "WordPress answered without the post's id");
    }
    return { id: String(post.id), link: typeof post.link === "string" ? post.link : null };
  };

  async function uploadCover(article: PartnerArticle, signal?: AbortSignal) {
    const cover = await article.loadCover?.();
    if (!cover) return undefined;
    const answer = await sendRequest({
      method: "POST",
      url: `${api}/media`,
      headers: {
        authorization,
        accept: "application/json",
        "content-type": cover.contentType,
        "content-disposition": `attachment; filename="${cover.filename.replace(/[^\w.-]/g, "_")}"`,
      },
      body: cover.bytes,
      signal,
      ...limits,
    });
    const media = parseJson<{ id?: unknown }>(answer.body, "WordPress media");
    return typeof media.id === "number" ? media.id : undefined;
  }

  return {
    async publish(article, { remoteId, signal }) {
      const featuredMedia = remoteId ? undefined : await uploadCover(article, signal);
      const status = ["draft", "pending", "future", "publish"].includes(settings.postStatus)
        ? settings.postStatus
        : "pending";
      const post: Record<string, unknown> = {
        title: article.title,
        content: `${article.html}\n<p><em>Originally published by <a href="${article.canonicalUrl}">${settings.siteName}</a>.</em></p>`,
        excerpt: article.excerpt,
        status,
        ...(featuredMedia ? { featured_media: featuredMedia } : {}),
        // "future" needs a date; one hour from now leaves the partner's editors time to look.
        ...(status === "future"
          ? { date_gmt: new Date(now() + 3_600_000).toISOString().slice(0, 19) }
          : {}),
      };
      const answer = await call(
        "POST",
        remoteId ? `/posts/${encodeURIComponent(remoteId)}` : "/posts",
        post,
        signal,
      );
      const { id, link } = readPost(answer.body);
      return { remoteId: id, remoteUrl: link };
    },
    async check(signal) {
      const created = await call(
        "POST",
        "/posts",
        { title: `${settings.siteName} connection test`, content: "", status: "draft" },
        signal,
      );
      const { id } = readPost(created.body);
      await call("DELETE", `/posts/${encodeURIComponent(id)}?force=true`, undefined, signal);
      // The id only when it is a number: nothing else of the remote's answer is shown.
      const number = /^\d{1,20}$/.test(id) ? ` (#${id})` : "";
      return `WordPress accepted the application password: a draft${number} was created and deleted.`;
    },
  };
}

// --- Ghost Admin API -----------------------------------------------------------------------

/** The Admin API token: HS256 JWT, kid = key id, aud "/admin/", valid 5 minutes (Ghost's limit). */
export function ghostAdminToken(key: string, nowMs: number): string {
  const [id, secret] = key.split(":");
  if (!id || !secret || !/^[0-9a-f]+$/i.test(secret)) {
    throw new OutboundError(
      "http_status",
      "The Ghost Admin API key must look like id:secret (the secret in hex).",
      401,
    );
  }
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const iat = Math.floor(nowMs / 1000);
  const unsigned = `${encode({ alg: "HS256", typ: "JWT", kid: id })}.${encode({ iat, exp: iat + 300, aud: "/admin/" })}`;
  const signature = createHmac("sha256", Buffer.from(secret, "hex"))
    .update(unsigned)
    .digest("base64url");
  return `${unsigned}.${signature}`;
}

interface GhostPosts {
  posts?: Array<{ id?: unknown; url?: unknown; updated_at?: unknown }>;
}

function ghostAdapter(
  settings: PartnerConnectionSettings,
  limits: Limits,
  now: () => number,
): PartnerAdapter {
  const api = `${baseUrl(settings.url, /\/ghost(\/api\/admin)?$/)}/ghost/api/admin`;
  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ) =>
    sendRequest({
      method,
      url: `${api}${path}`,
      headers: {
        authorization: `Ghost ${ghostAdminToken(settings.secret, now())}`,
        "accept-version": "v5.0",
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...limits,
    });
  const readPost = (body: string) => {
    const post = parseJson<GhostPosts>(body, "Ghost").posts?.[0];
    if (!post || typeof post.id !== "string") {
      throw new OutboundError("malformed", "Ghost answered without the post's id");
    }
    return {
      id: post.id,
      url: typeof post.url === "string" ? post.url : null,
      updatedAt: typeof post.updated_at === "string" ? post.updated_at : null,
    };
  };
  const ghostStatus = () =>
    settings.postStatus === "publish"
      ? { status: "published" }
      : settings.postStatus === "future"
        ? { status: "scheduled", published_at: new Date(now() + 3_600_000).toISOString() }
        : { status: "draft" };

  return {
    async publish(article, { remoteId, signal }) {
      const post: Record<string, unknown> = {
        title: article.title,
        html: article.html,
        custom_excerpt: article.excerpt.slice(0, 300),
        canonical_url: article.canonicalUrl,
        feature_image: article.coverUrl,
        tags: article.tags.slice(0, 10).map((name) => ({ name })),
        ...ghostStatus(),
      };
      if (remoteId) {
        // Ghost refuses an edit without the post's current updated_at (its collision check).
        const current = readPost(
          (await call("GET", `/posts/${encodeURIComponent(remoteId)}/`, undefined, signal)).body,
        );
        const answer = await call(
          "PUT",
          `/posts/${encodeURIComponent(remoteId)}/?source=html`,
          { posts: [{ ...post, updated_at: current.updatedAt }] },
          signal,
        );
        const updated = readPost(answer.body);
        return { remoteId: updated.id, remoteUrl: updated.url };
      }
      const answer = await call("POST", "/posts/?source=html", { posts: [post] }, signal);
      const created = readPost(answer.body);
      return { remoteId: created.id, remoteUrl: created.url };
    },
    async check(signal) {
      const created = readPost(
        (
          await call(
            "POST",
            "/posts/?source=html",
            {
              posts: [{ title: `${settings.siteName} connection test`, html: "", status: "draft" }],
            },
            signal,
          )
        ).body,
      );
      await call("DELETE", `/posts/${encodeURIComponent(created.id)}/`, undefined, signal);
      return `Ghost accepted the Admin API key: a draft was created and deleted.`;
    },
  };
}

// --- Signed webhook (IPTC ninjs 2.0) -------------------------------------------------------

export const webhookHeaders = {
  signature: "x-aurumwire-signature",
  timestamp: "x-aurumwire-timestamp",
  event: "x-aurumwire-event",
  delivery: "x-aurumwire-delivery",
} as const;

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the shared secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The article as an IPTC ninjs 2.0 document. */
export function toNinjs(article: PartnerArticle, siteName: string, version: number) {
  return {
    $schema: "http://www.iptc.org/std/ninjs/ninjs-schema_2.0.json",
    uri: article.canonicalUrl,
    type: "text",
    version: String(version),
    firstcreated: (article.publishedAt ?? article.updatedAt).toISOString(),
    versioncreated: article.updatedAt.toISOString(),
    pubstatus: "usable",
    language: "en",
    headlines: [{ value: article.title }],
    descriptions: [{ role: "summary", contenttype: "text/plain", value: article.excerpt }],
    bodies: [{ role: "main", contenttype: "text/html", value: article.html }],
    by: article.byline,
    copyrightholder: siteName,
    subjects: [
      ...(article.category
        ? [{ name: article.category, uri: `category:${article.category}` }]
        : []),
    ],
    keywords: article.tags,
    associations: article.coverUrl
      ? [
          {
            name: "featureimage",
            type: "picture",
            uri: article.coverUrl,
            renditions: [{ name: "original", href: article.coverUrl }],
          },
        ]
      : [],
  };
}

function webhookAdapter(
  settings: PartnerConnectionSettings,
  limits: Limits,
  now: () => number,
): PartnerAdapter {
  const post = async (event: string, delivery: string, document: unknown, signal?: AbortSignal) => {
    const body = JSON.stringify(document);
    const timestamp = String(Math.floor(now() / 1000));
    const answer = await sendRequest({
      method: "POST",
      url: settings.url,
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        [webhookHeaders.event]: event,
        [webhookHeaders.delivery]: delivery,
        [webhookHeaders.timestamp]: timestamp,
        [webhookHeaders.signature]: webhookSignature(settings.secret, timestamp, body),
      },
      body,
      signal,
      ...limits,
    });
    if (!answer.body.trim()) return {} as { id?: unknown; url?: unknown };
    return parseJson<{ id?: unknown; url?: unknown }>(answer.body, "The partner's webhook");
  };
  return {
    async publish(article, { remoteId, pushId, signal }) {
      const answer = await post(
        remoteId ? "article.updated" : "article.published",
        `push-${pushId}`,
        toNinjs(article, settings.siteName, remoteId ? 2 : 1),
        signal,
      );
      return {
        remoteId:
          typeof answer.id === "string" || typeof answer.id === "number"
            ? String(answer.id)
            : (remoteId ?? article.canonicalUrl),
        remoteUrl: typeof answer.url === "string" ? answer.url : null,
      };
    },
    async check(signal) {
      await post("ping", `ping-${now()}`, { type: "ping", from: settings.siteName }, signal);
      return "The webhook accepted a signed ping.";
    },
  };
}
