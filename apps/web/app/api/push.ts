import type { PushKeyResponse, PushTopic } from "@aurumwire/shared/web-push";
import { api } from "../lib/api-client";

/** The site's public key for push alerts; a 503 where alerts are not set up. */
export function readAlertsKey() {
  return api.get<PushKeyResponse>("/push/key");
}

/** A reader's breaking-news alerts (decision 237): this browser's push subscription and topics. */
export function subscribeToAlerts(body: {
  subscription: PushSubscriptionJSON;
  topics: PushTopic[];
}) {
  return api.post<void>("/push/subscriptions", body);
}

export function unsubscribeFromAlerts(endpoint: string) {
  return api.delete<void>("/push/subscriptions", { body: { endpoint } });
}
