import { isStaff } from "@aurumwire/shared/roles";
import type { FormEvent, MouseEvent } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { SiteLink } from "../site-link";
import { navItems, searchPath } from "./nav";

/** The id the header's menu button opens (`popovertarget`). */
export const mobileMenuId = "aw-mobile-menu";

export function SearchGlyph() {
  return (
    <svg className="aw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />
    </svg>
  );
}

/**
 * The submit handler of a search form (the header's and the menu's): in the app, the trimmed text
 * goes to /search?q= (nothing happens for empty text); the form's own action/method does the same
 * without JavaScript. The field is uncontrolled, so what a reader typed before the page hydrated
 * is what is searched.
 */
export function useSearchSubmit(after?: () => void) {
  const navigate = useNavigate();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(String(new FormData(event.currentTarget).get("q") ?? ""));
    if (!path) return;
    after?.();
    navigate(path);
  };
}

/**
 * The small screens' menu drawer: search and the main sections (decision 240). Plain HTML in the
 * server's page, opened by the browser itself: the header's button has `popovertarget`, so a tap
 * opens it before any script has run (or loaded), with the top layer, light dismiss (a tap
 * outside, Escape) and the button's expanded state from the browser. After hydration, a link or a
 * search closes it before moving within the app.
 */
export function MobileMenu() {
  const { user } = useAuth();
  const close = () => document.getElementById(mobileMenuId)?.hidePopover?.();
  const onSearch = useSearchSubmit(close);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest("a")) close();
  };
  return (
    <div id={mobileMenuId} popover="auto" className="aw-drawer">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only listens for its links' own clicks */}
      <nav aria-label="Mobile menu" className="aw-drawer__nav" onClick={onClick}>
        <button
          type="button"
          popoverTarget={mobileMenuId}
          popoverTargetAction="hide"
          className="aw-round-button aw-drawer__close"
          aria-label="Close menu"
        >
          <svg className="aw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </svg>
        </button>
        <form
          role="search"
          action="/search"
          method="get"
          onSubmit={onSearch}
          className="aw-drawer__search"
        >
          <input
            name="q"
            placeholder="Search..."
            aria-label="Search articles"
            enterKeyHint="search"
          />
          <button type="submit" aria-label="Search" className="aw-drawer__search-button">
            <SearchGlyph />
          </button>
        </form>
        <ul className="aw-drawer__list">
          {navItems.map((item) => (
            <li key={item.to}>
              <SiteLink to={item.to} className="aw-drawer__link">
                {item.label}
              </SiteLink>
            </li>
          ))}
          {/* Staff on a phone: the header's Dashboard button is hidden there. */}
          {isStaff(user) && (
            <li className="aw-drawer__divided">
              <SiteLink to={dashboardPaths.home} className="aw-drawer__link">
                Dashboard
              </SiteLink>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
