import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { readArticleLike, toggleArticleLike } from "../../api/articles";
import { useAuth } from "../../lib/auth-context";
import { formatCount } from "../../lib/numbers";

/** Share: the Web Share API where there is one, else the link is copied. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch (error) {
      console.error("Copy failed", error);
    }
  }
  return (
    <button type="button" className="aw-icon-button" onClick={share}>
      <span aria-hidden="true">↗</span> {copied ? "Link copied" : "Share"}
    </button>
  );
}

/** Likes: signed-in readers toggle their like once; others are sent to log in. */
export function LikeButton({
  articleId,
  initialCount,
}: {
  articleId: number;
  initialCount: number;
}) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState({ liked: false, likeCount: initialCount });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status !== "signed-in") return;
    readArticleLike(articleId)
      .then(setState)
      .catch((error) => console.error("Like state failed", error));
  }, [articleId, status]);

  async function toggle() {
    if (status !== "signed-in") {
      navigate("/login");
      return;
    }
    setBusy(true);
    try {
      setState(await toggleArticleLike(articleId));
    } catch (error) {
      console.error("Like failed", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="aw-icon-button"
      aria-pressed={state.liked}
      onClick={toggle}
      disabled={busy}
      aria-label={state.liked ? "Unlike this article" : "Like this article"}
    >
      <span aria-hidden="true">{state.liked ? "♥" : "♡"}</span> {formatCount(state.likeCount)}{" "}
      {state.likeCount === 1 ? "like" : "likes"}
    </button>
  );
}
