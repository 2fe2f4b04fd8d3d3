import { api } from "../lib/api-client";

/** A reader subscribes (double opt-in, decision 122): the answer says a mail is on its way. */
export function subscribeToNewsletter(email: string) {
  return api.post<{ message: string }>("/newsletter/subscribe", { email });
}
