import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this site, from its root: "/article/...", "/search?q=...". */
  to: string;
};

/**
 * A link to one of the site's own pages on the public layout, rendered as a plain anchor. React
 * Router's <Link> resolves its href against the route tree and sets up click and prefetch
 * handling for each link on each server render: the article page's 36 links were ~15% of its
 * render. The public layout handles clicks on every SiteLink at once (useSiteLinkNavigation), so
 * a click still moves inside the app without a page load. The browser has the whole route manifest
 * (decision 065), so no link needs React Router's `data-discover` to have its route found first.
 */
export function SiteLink({ to, ...rest }: SiteLinkProps) {
  return <a href={to} data-site-link="" {...rest} />;
}

/**
 * In-app navigation for the SiteLinks of the page: a plain left click on one navigates with React
 * Router; new-tab clicks (modifier keys, middle button), links with a target or download, links
 * another handler already took (preventDefault) and other origins behave as plain links.
 */
export function useSiteLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element && event.target.closest("a[data-site-link]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
