import { type FormEvent, useId, useState } from "react";
import { subscribeToNewsletter } from "../../api/newsletter";
import { ApiError } from "../../lib/api-client";
import "./newsletter.css";

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

/**
 * The Daily Newsletter box (spec point 2 'Subscribe Free'; decision 122): double opt-in, so the
 * answer says to check the inbox; nothing here claims a subscription before the link is opened.
 * Without JavaScript the form posts to the same API, which answers with a plain page.
 */
export function NewsletterBox({ variant = "band" }: { variant?: "band" | "sidebar" }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const headingId = useId();
  const statusId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      const answer = await subscribeToNewsletter(email);
      setState({ kind: "done", message: answer.message });
      setEmail("");
    } catch (caught) {
      setState({
        kind: "error",
        message:
          caught instanceof ApiError
            ? caught.message
            : "Could not reach the server. Please try again.",
      });
    }
  }

  return (
    <section className={`aw-newsletter aw-newsletter--${variant}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="aw-newsletter__title">
        Daily Newsletter
      </h2>
      <p className="aw-newsletter__text">
        The day's top crypto stories in your inbox every morning. Free, one click to unsubscribe.
      </p>
      <form
        className="aw-newsletter__form"
        method="post"
        action="/api/newsletter/subscribe"
        onSubmit={submit}
        aria-describedby={statusId}
      >
        <label className="aw-visually-hidden" htmlFor={`${headingId}-email`}>
          Email address
        </label>
        <input
          id={`${headingId}-email`}
          className="aw-newsletter__input"
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button className="aw-newsletter__button" type="submit" disabled={state.kind === "sending"}>
          {state.kind === "sending" ? "Subscribing..." : "Subscribe Free"}
        </button>
      </form>
      <p
        id={statusId}
        className={`aw-newsletter__status${state.kind === "error" ? " aw-newsletter__status--error" : ""}`}
        role="status"
      >
        {state.kind === "done" || state.kind === "error" ? state.message : ""}
      </p>
    </section>
  );
}
