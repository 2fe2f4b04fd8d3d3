import useScrollTrigger from "@mui/material/useScrollTrigger";
import { lazy, Suspense } from "react";
import { useAuth } from "../../lib/auth-context";
import "./public-layout.css";
import { SiteLink } from "../site-link";
import { MobileMenu, mobileMenuId, SearchGlyph, useSearchSubmit } from "./mobile-menu";
import { navItems } from "./nav";

const HeaderAccount = lazy(() => import("./header-account"));

/** The Menu and Search icons as plain SVG (MUI's paths): an SvgIcon costs a style serialization per render. */
function MenuGlyph() {
  return (
    <svg className="aw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
    </svg>
  );
}

/**
 * The header's search (wide screens; the menu has its own): a plain GET form, so Enter or the
 * Search button works before the page has hydrated and without JavaScript; in the app it moves
 * without a page load. The field is uncontrolled: text typed before hydration stays and counts.
 */
function SearchBox() {
  const onSubmit = useSearchSubmit();
  return (
    <form role="search" action="/search" method="get" onSubmit={onSubmit} className="aw-search">
      <input
        placeholder="Search crypto news..."
        aria-label="Search articles"
        name="q"
        enterKeyHint="search"
      />
      <button type="submit" className="aw-search__submit" aria-label="Search">
        <SearchGlyph />
      </button>
    </form>
  );
}

/**
 * Sign-in state lives in the browser, so the server always renders the plain 'Loading...' line.
 * Anonymous readers get two plain links; the signed-in controls (MUI) load only when there is a
 * signed-in reader, and cost the server and anonymous pages nothing.
 */
function AuthArea() {
  const { status, user } = useAuth();
  if (status === "loading") {
    return <p className="aw-auth-loading">Loading...</p>;
  }
  if (!user) {
    return (
      <div className="aw-auth-links">
        <SiteLink to="/login" className="aw-header-button">
          Login
        </SiteLink>
        <SiteLink to="/register" className="aw-header-button aw-header-button--contained">
          Register
        </SiteLink>
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="aw-auth-loading">Loading...</p>}>
      <HeaderAccount />
    </Suspense>
  );
}

export function Header({ siteName }: { siteName: string }) {
  const hidden = useScrollTrigger({ threshold: 120 });
  return (
    <>
      <header className={hidden ? "aw-appbar aw-appbar--hidden" : "aw-appbar"}>
        <div className="aw-toolbar">
          {/* Opens the server-rendered drawer by itself, before and without any script. */}
          <button
            type="button"
            className="aw-round-button aw-menu-button"
            aria-label="Open menu"
            popoverTarget={mobileMenuId}
          >
            <MenuGlyph />
          </button>
          <SiteLink to="/" className="aw-brand">
            <span className="aw-brand__name">{siteName}</span>
            <span className="aw-brand__tagline">Premium Crypto Intelligence</span>
          </SiteLink>
          <nav aria-label="Main" className="aw-main-nav">
            {navItems.map((item) => (
              <SiteLink key={item.to} to={item.to} className="aw-nav-link">
                {item.label}
              </SiteLink>
            ))}
          </nav>
          <div className="aw-spacer" />
          <SearchBox />
          <AuthArea />
        </div>
      </header>
      <MobileMenu />
    </>
  );
}
