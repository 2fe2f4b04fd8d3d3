import useScrollTrigger from "@mui/material/useScrollTrigger";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-context";
import "./public-layout.css";
import { SiteLink } from "../site-link";
import { navItems, searchPath } from "./nav";

const HeaderAccount = lazy(() => import("./header-account"));
const MobileMenu = lazy(() => import("./mobile-menu"));

/** The Menu and Search icons as plain SVG (MUI's paths): an SvgIcon costs a style serialization per render. */
function MenuGlyph() {
  return (
    <svg className="aw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
    </svg>
  );
}

function SearchGlyph() {
  return (
    <svg className="aw-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14" />
    </svg>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(text);
    if (path) navigate(path);
  };
  return (
    // action/method: without JavaScript the browser itself goes to /search?q=...
    <form role="search" action="/search" method="get" onSubmit={onSubmit} className="aw-search">
      <SearchGlyph />
      <input
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search crypto news..."
        aria-label="Search articles"
        name="q"
      />
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
  const [mobileOpen, setMobileOpen] = useState(false);
  // The drawer mounts on the first open: until then it is nothing to render.
  const [mobileMounted, setMobileMounted] = useState(false);
  return (
    <>
      <header className={hidden ? "aw-appbar aw-appbar--hidden" : "aw-appbar"}>
        <div className="aw-toolbar">
          <button
            type="button"
            className="aw-round-button aw-menu-button"
            aria-label="Open menu"
            onClick={() => {
              setMobileMounted(true);
              setMobileOpen(true);
            }}
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
      {mobileMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
