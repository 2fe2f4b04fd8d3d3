import { createContext, useContext, useRef, useState } from "react";
import { Links, useLocation, useNavigation } from "react-router";

/** Whether this server render's stylesheets are inlined by entry.server (decision 150). */
export const StylesInlinedContext = createContext(false);

/**
 * React Router's <Links> (the routes' stylesheet links; no route exports other links) in their
 * place in <head>, except for the first page a browser gets:
 * - on the server, when entry.server inlines the stylesheets into the page, nothing (in dev, where
 *   it does not, the links as usual);
 * - in the browser, nothing until the reader first navigates in the app: the page already has its
 *   rules inline. From then on the links, so each route's CSS loads (React Router preloads it
 *   before it shows the route) and the inline rules of the first page are only a duplicate.
 * Hydration accepts the difference: React skips elements of <head> it did not render.
 */
export function RouteStylesheets() {
  const inlined = useContext(StylesInlinedContext);
  const location = useLocation();
  const navigation = useNavigation();
  const firstKey = useRef(location.key);
  const [navigated, setNavigated] = useState(false);
  if (typeof document === "undefined") return inlined ? null : <Links />;
  const show = navigated || navigation.state !== "idle" || location.key !== firstKey.current;
  if (show && !navigated) setNavigated(true);
  return show ? <Links /> : null;
}
