import { limits } from "@aurumwire/shared/limits";
import { isAdmin, isStaff } from "@aurumwire/shared/roles";
import { userInitials } from "@aurumwire/shared/users";
import DashboardIcon from "@mui/icons-material/Dashboard";
import NotificationsIcon from "@mui/icons-material/Notifications";
import SearchIcon from "@mui/icons-material/Search";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import useScrollTrigger from "@mui/material/useScrollTrigger";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuth } from "../../features/auth/auth-context";
import "./public-layout.css";
import { SiteLink } from "../site-link";

export const navItems = [
  { label: "News", to: "/articles" },
  { label: "Markets", to: "/markets" },
  { label: "Analysis", to: "/analysis" },
  { label: "Categories", to: "/categories" },
] as const;

/** Spec: submit only trimmed non-empty text, URL-encoded, to /search?q=. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/search?q=${encodeURIComponent(query)}` : null;
}

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
    <form role="search" onSubmit={onSubmit} className="aw-search">
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
 * Sign-in state lives in the browser, so the server always renders the plain 'Loading...' line;
 * the MUI pieces below (buttons, chip, avatar, menu) render only in the browser after the session
 * is restored, and cost the server nothing.
 */
function AuthArea() {
  const { status, user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (status === "loading") {
    return <p className="aw-auth-loading">Loading...</p>;
  }
  if (!user) {
    return (
      <Box sx={{ display: "flex", gap: 1, flexShrink: 0 }}>
        <Button component={RouterLink} to="/login" color="inherit" size="small">
          Login
        </Button>
        <Button component={RouterLink} to="/register" variant="contained" size="small">
          Register
        </Button>
      </Box>
    );
  }
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigate(to);
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <IconButton color="inherit" aria-label="Notifications">
        <Badge badgeContent={limits.notificationBadge} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {isStaff(user) && (
        <Button
          component={RouterLink}
          to="/dashboard"
          startIcon={<DashboardIcon />}
          variant="outlined"
          size="small"
          sx={{ display: { xs: "none", sm: "inline-flex" } }}
        >
          Dashboard
        </Button>
      )}
      <Chip
        label={user.role.toUpperCase()}
        size="small"
        data-testid="role-chip"
        sx={{
          fontWeight: 700,
          bgcolor: user.role === "admin" ? "error.main" : "primary.main",
          color: user.role === "admin" ? "#fff" : "primary.contrastText",
        }}
      />
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        size="small"
      >
        <Avatar
          src={user.avatar ?? undefined}
          sx={{
            width: 34,
            height: 34,
            bgcolor: "primary.main",
            color: "primary.contrastText",
            fontSize: 14,
            fontWeight: 700,
          }}
        >
          {userInitials(user)}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem onClick={() => go("/profile")}>Profile Settings</MenuItem>
        {isStaff(user) && <MenuItem onClick={() => go("/dashboard/api-keys")}>API Keys</MenuItem>}
        {isAdmin(user) && (
          <MenuItem onClick={() => go("/dashboard/landing-page")}>Landing Page Manager</MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            logout();
            close();
            navigate("/");
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </Box>
  );
}

function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  return (
    <Drawer anchor="left" open={open} onClose={onClose}>
      <Box sx={{ width: 270, p: 2 }} role="navigation" aria-label="Mobile menu">
        <Box
          component="form"
          role="search"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            const path = searchPath(text);
            if (path) {
              onClose();
              navigate(path);
            }
          }}
          sx={{ mb: 2, display: "flex", border: 1, borderColor: "divider", borderRadius: 2, px: 1 }}
        >
          <InputBase
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search..."
            inputProps={{ "aria-label": "Search articles" }}
            sx={{ flex: 1 }}
          />
          <IconButton type="submit" aria-label="Search" size="small">
            <SearchIcon fontSize="small" />
          </IconButton>
        </Box>
        <List>
          {navItems.map((item) => (
            <ListItemButton key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
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
      {mobileMounted && <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />}
    </>
  );
}
