import type { PushKeyResponse, PushTopic } from "@aurumwire/shared/web-push";
import { useEffect, useState } from "react";
import { readAlertsKey, subscribeToAlerts, unsubscribeFromAlerts } from "../../api/push";
import "./breaking-alerts.css";

/**
 * The reader's opt-in to breaking-news alerts (Web Push, decision 237). Nothing is asked on load:
 * the browser's permission prompt comes only from the "Turn on alerts" button. Shown only where
 * the browser can receive pushes and the site has a VAPID key; the topics narrow what arrives
 * (none chosen: every breaking-news item).
 */
type State = "hidden" | "off" | "on" | "blocked" | "working";

const workerUrl = "/push-sw.js";

function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function BreakingAlerts() {
  const [state, setState] = useState<State>("hidden");
  const [config, setConfig] = useState<PushKeyResponse | null>(null);
  const [topics, setTopics] = useState<PushTopic[]>([]);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    readAlertsKey()
      .then(async (key) => {
        const subscription = await currentSubscription();
        if (cancelled) return;
        setConfig(key);
        setState(subscription ? "on" : Notification.permission === "denied" ? "blocked" : "off");
      })
      // Not set up on this site (503), or offline: no control at all.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  if (state === "hidden" || !config) return null;

  const turnOn = async () => {
    setState("working");
    setMessage("");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.register(workerUrl, { scope: "/" });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: config.publicKey,
      });
      await subscribeToAlerts({
        subscription: subscription.toJSON(),
        topics,
      });
      setState("on");
      setMessage("Alerts are on. We will notify you when big news breaks.");
    } catch {
      setState("off");
      setMessage("Alerts could not be turned on in this browser. Please try again.");
    }
  };

  const turnOff = async () => {
    setState("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribeFromAlerts(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage("Alerts are off.");
    } catch {
      setState("on");
      setMessage("Alerts could not be turned off. Please try again.");
    }
  };

  const toggleTopic = (slug: PushTopic) =>
    setTopics((current) =>
      current.includes(slug) ? current.filter((item) => item !== slug) : [...current, slug],
    );

  return (
    <section
      className="aw-alerts"
      aria-labelledby="aw-alerts-heading"
      data-testid="breaking-alerts"
    >
      <div className="aw-alerts__text">
        <h2 id="aw-alerts-heading">Breaking-news alerts</h2>
        <p>
          {state === "on"
            ? "This browser gets a notification when big crypto news breaks."
            : "Get a browser notification when big crypto news breaks. Choose topics, or none for all breaking news."}
        </p>
      </div>
      {state === "blocked" ? (
        <p className="aw-alerts__note">
          Notifications are blocked for this site in your browser settings.
        </p>
      ) : state === "on" ? (
        <button
          type="button"
          className="aw-alerts__button aw-alerts__button--off"
          onClick={turnOff}
        >
          Turn off alerts
        </button>
      ) : (
        <div className="aw-alerts__form">
          <fieldset className="aw-alerts__topics">
            <legend className="aw-visually-hidden">Topics</legend>
            {config.topics.map((topic) => (
              <label key={topic.slug}>
                <input
                  type="checkbox"
                  checked={topics.includes(topic.slug)}
                  onChange={() => toggleTopic(topic.slug)}
                />
                {topic.label}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="aw-alerts__button"
            onClick={turnOn}
            disabled={state === "working"}
          >
            Turn on alerts
          </button>
        </div>
      )}
      <p className="aw-alerts__status" role="status">
        {message}
      </p>
    </section>
  );
}
