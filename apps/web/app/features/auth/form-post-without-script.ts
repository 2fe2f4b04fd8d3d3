import { data } from "react-router";

/**
 * The sign-in and sign-up forms post (never GET: a password must not land in a URL, the history
 * or a server log). With JavaScript on, the page handles the submit itself; with it off, the
 * browser posts the form to the route's action. A session lives in the browser's storage
 * (decision 002), which only the script can fill, so the action says what is needed and never
 * reads the body, password included.
 */
export function answerFormPostWithoutScript(
  what:
    | "Signing in"
    | "Creating an account"
    | "Setting up the site"
    | "Asking for a reset link"
    | "Choosing a new password",
) {
  return data(
    { error: `${what} needs JavaScript. Please turn it on in your browser and try again.` },
    { status: 400 },
  );
}
