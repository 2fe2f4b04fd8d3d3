import { SignJWT } from "jose";
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
 * Ghost Admin API (decisions 110, 170-172): a short-lived HS256 token signed with `jose`, images
 * uploaded to the partner (`/images/upload/`), the category as the primary tag, the author by
 * e-mail when the partner has that person (else a credit line), `canonical_url` pointing at us
 * (and how a post is found again after an unknown outcome). An update never changes the status.
 */

/** The Admin API token: HS256, kid = key id, aud "/admin/", valid 5 minutes (Ghost's limit). */
export async function ghostAdminToken(key: string, nowMs: number): Promise<string> {
  const [id, secret] = key.split(":");
  if (!id || !secret || !/^[0-9a-f]+$/i.test(secret)) {
    throw new PartnerSetupError(
      "The Ghost Admin API key must look like id:secret (the secret in hex).",
    );
  }
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: id })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .setAudience("/admin/")
    .sign(Buffer.from(secret, "hex"));
}

interface GhostPost {
  id?: unknown;
  url?: unknown;
  updated_at?: unknown;
  status?: unknown;
}

export function ghostAdapter(context: AdapterContext): PartnerAdapter {
  const { settings, limits, now, host } = context;
  const base = settings.url.replace(/\/+$/, "").replace(/\/ghost(\/api\/admin)?$/, "");
  const api = `${base}/ghost/api/admin`;
  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    options: {
      body?: unknown;
      raw?: { bytes: Uint8Array; contentType: string };
      signal?: AbortSignal;
    } = {},
  ) =>
    partnerRequest(
      {
        method,
        url: `${api}${path}`,
        headers: {
          authorization: `Ghost ${await ghostAdminToken(settings.secret, now())}`,
          "accept-version": "v5.0",
          accept: "application/json",
          ...(options.raw
            ? { "content-type": options.raw.contentType }
            : options.body === undefined
              ? {}
              : { "content-type": "application/json" }),
        },
        body: options.raw
          ? options.raw.bytes
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal,
      },
      limits,
    );
  const readPost = (body: string) => {
    const post = parseJson<{ posts?: GhostPost[] }>(body, "Ghost").posts?.[0];
    if (!post || typeof post.id !== "string") {
      throw new OutboundError("malformed", "Ghost answered without the post's id");
    }
    return {
      id: post.id,
      url: typeof post.url === "string" ? post.url : null,
      updatedAt: typeof post.updated_at === "string" ? post.updated_at : null,
      status: typeof post.status === "string" ? post.status : null,
    };
  };

  /** Our image uploaded to the partner (`/images/upload/`): its address there, or null. */
  const imageCopy = async (image: PartnerImage, signal?: AbortSignal) =>
    (
      await copyOnce(context, "ghost-image", image, async (file) => {
        const form = new FormData();
        form.append(
          "file",
          new Blob([new Uint8Array(file.bytes)], { type: file.contentType }),
          uploadName(file.filename),
        );
        form.append("purpose", "image");
        form.append("ref", image.key.slice(0, 180));
        const encoded = new Response(form);
        let answer: Awaited<ReturnType<typeof call>>;
        try {
          answer = await call("POST", "/images/upload/", {
            raw: {
              bytes: new Uint8Array(await encoded.arrayBuffer()),
              contentType: encoded.headers.get("content-type") ?? "multipart/form-data",
            },
            signal,
          });
        } catch (error) {
          // Ghost refused this image (it cannot process it): the article goes with our
          // absolute address for it rather than not at all.
          if (isStatus(error, 400, 413, 415, 422)) return null;
          throw error;
        }
        const url = parseJson<{ images?: Array<{ url?: unknown }> }>(answer.body, "Ghost")
          .images?.[0]?.url;
        return typeof url === "string" ? { remoteId: url, remoteUrl: url } : null;
      })
    )?.remoteUrl ?? null;

  /** The partner's staff user with the author's e-mail, if Ghost has that person. */
  async function authorId(email: string | null, signal?: AbortSignal) {
    if (!email) return null;
    try {
      const answer = await call(
        "GET",
        `/users/?filter=${encodeURIComponent(`email:'${email.replace(/'/g, "\\'")}'`)}&limit=1`,
        {
          signal,
        },
      );
      const user = parseJson<{ users?: Array<{ id?: unknown }> }>(answer.body, "Ghost").users?.[0];
      return typeof user?.id === "string" ? user.id : null;
    } catch (error) {
      // An integration that may not list staff: the credit line names the author instead.
      if (isStatus(error, 403, 404)) return null;
      throw error;
    }
  }

  async function postFields(article: PartnerArticle, signal?: AbortSignal) {
    const author = await authorId(article.authorEmail, signal);
    // Ghost names a staff author itself: the credit line then only says where it came from.
    const html = await partnerBody(
      context,
      article,
      (image) => imageCopy(image, signal),
      author ? { ...article, byline: "" } : article,
    );
    const cover = article.cover
      ? ((await imageCopy(article.cover, signal)) ?? article.cover.absoluteUrl)
      : null;
    const tags = [
      // The first tag is Ghost's primary tag: our category.
      ...(article.category ? [{ name: article.category.name, slug: article.category.slug }] : []),
      ...article.tags.slice(0, 10).map((name) => ({ name })),
    ];
    return {
      title: article.title,
      html,
      custom_excerpt: article.excerpt.slice(0, 300),
      canonical_url: article.canonicalUrl,
      feature_image: cover,
      feature_image_alt: article.cover?.alt.slice(0, 191) || null,
      feature_image_caption: article.cover?.caption || null,
      tags,
      ...(author ? { authors: [{ id: author }] } : {}),
    };
  }

  const createStatus = () =>
    settings.postStatus === "publish"
      ? { status: "published" }
      : settings.postStatus === "future"
        ? { status: "scheduled", published_at: new Date(now() + 3_600_000).toISOString() }
        : { status: "draft" };

  async function current(remoteId: string, signal?: AbortSignal) {
    try {
      return readPost(
        (await call("GET", `/posts/${encodeURIComponent(remoteId)}/`, { signal })).body,
      );
    } catch (error) {
      throw goneOr(error, context);
    }
  }

  return {
    async publish(article, { remoteId, signal }) {
      const fields = await postFields(article, signal);
      if (remoteId) {
        // Ghost refuses an edit without the post's current updated_at (its collision check). No
        // status is sent: the partner's editors decide what is live (issue 28, point 1).
        const post = await current(remoteId, signal);
        const answer = await call("PUT", `/posts/${encodeURIComponent(remoteId)}/?source=html`, {
          body: { posts: [{ ...fields, updated_at: post.updatedAt }] },
          signal,
        });
        const updated = readPost(answer.body);
        return { remoteId: updated.id, remoteUrl: updated.url };
      }
      const answer = await call("POST", "/posts/?source=html", {
        body: { posts: [{ ...fields, ...createStatus() }] },
        signal,
      });
      const created = readPost(answer.body);
      return { remoteId: created.id, remoteUrl: created.url };
    },

    async find(article, signal) {
      const filter = `canonical_url:'${article.canonicalUrl.replace(/'/g, "\\'")}'`;
      const answer = await call(
        "GET",
        `/posts/?filter=${encodeURIComponent(filter)}&limit=1&fields=id,url,canonical_url`,
        {
          signal,
        },
      );
      const posts =
        parseJson<{ posts?: Array<GhostPost & { canonical_url?: unknown }> }>(answer.body, "Ghost")
          .posts ?? [];
      const mine = posts.find((post) => post.canonical_url === article.canonicalUrl);
      if (!mine || typeof mine.id !== "string") return null;
      return { remoteId: mine.id, remoteUrl: typeof mine.url === "string" ? mine.url : null };
    },

    async withdraw(remoteId, _article, signal) {
      let post: Awaited<ReturnType<typeof current>>;
      try {
        post = await current(remoteId, signal);
      } catch (error) {
        if (error instanceof RemoteGoneError) return `The post was already gone from ${host}.`;
        throw error;
      }
      if (post.status === "draft") return `The post is already unpublished on ${host}.`;
      // Unpublished, not deleted: gone from the site, and the partner's editors keep the draft.
      await call("PUT", `/posts/${encodeURIComponent(remoteId)}/`, {
        body: { posts: [{ status: "draft", updated_at: post.updatedAt }] },
        signal,
      });
      return `Unpublished on ${host} (kept there as a draft).`;
    },

    async check(signal) {
      try {
        const site = parseJson<{ site?: { title?: unknown } }>(
          (await call("GET", "/site/", { signal })).body,
          "Ghost",
        );
        await call("GET", "/posts/?limit=1&fields=id", { signal });
        const title = typeof site.site?.title === "string" ? ` ("${site.site.title}")` : "";
        return `Ghost at ${host}${title} accepted the Admin API key. Nothing was created.`;
      } catch (error) {
        if (isStatus(error, 401, 403)) {
          throw new PartnerSetupError(
            `Ghost at ${host} refused the Admin API key (${(error as OutboundError).status}). Copy the Admin API key of a custom integration from Ghost > Settings > Integrations.`,
          );
        }
        if (isStatus(error, 404)) {
          throw new PartnerSetupError(
            `No Ghost Admin API at ${api}/. Check the address (the site's home page, without /ghost).`,
          );
        }
        throw error;
      }
    },
  };
}
