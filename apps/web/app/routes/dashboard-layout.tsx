import { describeRoles, hasRole } from "@aurumwire/shared/roles";
import { userInitials } from "@aurumwire/shared/users";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Outlet, Link as RouterLink, useLocation, useNavigate } from "react-router";
import { IdlePrefetch } from "../components/idle-prefetch";
import { withMuiTheme } from "../components/mui-theme";
import { SkipLink } from "../components/skip-link";
import { StylesWarmup } from "../components/styles-warmup";
import { loadQuillEditor } from "../features/article-editor/rich-text-editor";
import {
  dashboardMenu,
  dashboardTitleForPath,
  deniedActionForPath,
  rolesForPath,
} from "../features/dashboard/menu";
import { useAuth } from "../lib/auth-context";
import { dashboardPaths } from "../lib/dashboard-paths";
import { pageMeta, siteNameFrom } from "../lib/meta";
import { loginPathFor } from "../lib/sign-in-redirect";
import type { Route } from "./+types/dashboard-layout";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(siteNameFrom(matches), dashboardTitleForPath(location.pathname)),
  { name: "robots", content: "noindex" },
];

const drawerWidth = 280;

/**
 * What a writer opens first from any dashboard screen: the article editor (from "Create Article"
 * or a row's Edit), with Quill, and the articles list. Their code is fetched at idle once the
 * screen has painted (decision 301), not on the tap.
 */
const prefetchedPages = [
  dashboardPaths.createArticle,
  dashboardPaths.editArticle(0),
  dashboardPaths.articles,
];
const prefetchedModules = [loadQuillEditor];

function GuardScreen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, textAlign: "center" }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2, color: "primary.main" }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/** The dashboard renders in the browser: it needs the signed-in user's token (architecture.md). */
function DashboardLayout() {
  const { status, user, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [profileAnchor, setProfileAnchor] = useState<HTMLElement | null>(null);

  if (status === "loading") {
    return (
      <Box component="main" sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
        <Typography>Loading...</Typography>
      </Box>
    );
  }
  if (!user) {
    return (
      <GuardScreen title="Authentication Required">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please sign in with a staff account to use the dashboard.
        </Typography>
        <Button
          component={RouterLink}
          to={loginPathFor(location.pathname + location.search)}
          variant="contained"
        >
          Sign In
        </Button>
      </GuardScreen>
    );
  }
  const allowed = rolesForPath(location.pathname);
  if (!hasRole(user, allowed)) {
    return (
      <GuardScreen title="Access Denied">
        <Typography sx={{ mb: 1 }}>
          You need {describeRoles(allowed)} privileges to {deniedActionForPath(location.pathname)}.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your current role: <strong>{user.role}</strong>
        </Typography>
        <Button variant="contained" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </GuardScreen>
    );
  }

  const drawer = (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography variant="h6" sx={{ color: "primary.main", fontWeight: 800 }}>
          Admin Panel
        </Typography>
      </Toolbar>
      <Divider />
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 1.5 }}>
        <IconButton
          onClick={(event) => setProfileAnchor(event.currentTarget)}
          aria-label="Profile menu"
          sx={{ p: 0 }}
        >
          <Avatar
            src={user.avatar ?? undefined}
            sx={{ bgcolor: "primary.main", color: "primary.contrastText", fontWeight: 700 }}
          >
            {userInitials(user)}
          </Avatar>
        </IconButton>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap>
            {user.firstName} {user.lastName}
          </Typography>
          <Chip
            label={user.role.toUpperCase()}
            size="small"
            sx={{
              mt: 0.5,
              fontWeight: 700,
              bgcolor: user.role === "admin" ? "error.main" : "primary.main",
              color: user.role === "admin" ? "error.contrastText" : "primary.contrastText",
            }}
          />
        </Box>
      </Box>
      <Menu anchorEl={profileAnchor} open={!!profileAnchor} onClose={() => setProfileAnchor(null)}>
        <MenuItem
          onClick={() => {
            setProfileAnchor(null);
            navigate(dashboardPaths.profile);
          }}
        >
          Profile Settings
        </MenuItem>
        <MenuItem
          onClick={() => {
            setProfileAnchor(null);
            logout();
            navigate("/");
          }}
        >
          Logout
        </MenuItem>
      </Menu>
      <Divider />
      <List component="nav" aria-label="Dashboard" sx={{ flex: 1 }}>
        {dashboardMenu
          .filter((item) => hasRole(user, item.roles))
          .map((item) => (
            <ListItemButton
              key={item.to}
              component={RouterLink}
              to={item.to}
              selected={location.pathname === item.to}
              onClick={() => setMobileOpen(false)}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
      </List>
      <Divider />
      {/* A link in a list of its own is a nav, not a <ul> holding an <a>. */}
      <List component="nav" aria-label="Site">
        <ListItemButton component={RouterLink} to="/">
          <ArrowBackIcon fontSize="small" sx={{ mr: 1.5 }} />
          <ListItemText primary="Back to Site" />
        </ListItemButton>
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      {/* The first tab stop: past the drawer's dozen links to the screen. */}
      <SkipLink target="dashboard-content" />
      <AppBar
        position="fixed"
        color="default"
        elevation={0}
        sx={{ display: { md: "none" }, borderBottom: 1, borderColor: "divider" }}
      >
        <Toolbar>
          <IconButton
            edge="start"
            aria-label="Open dashboard menu"
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <Typography sx={{ ml: 1, fontWeight: 800, color: "primary.main" }}>
            Admin Panel
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="nav" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { md: "none" }, "& .MuiDrawer-paper": { width: drawerWidth } }}
        >
          {drawer}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: "none", md: "block" },
            "& .MuiDrawer-paper": { width: drawerWidth, boxSizing: "border-box" },
          }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box
        component="main"
        id="dashboard-content"
        tabIndex={-1}
        className="aw-skip-target"
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 }, mt: { xs: 7, md: 0 } }}
      >
        <Outlet />
      </Box>
      <IdlePrefetch pages={prefetchedPages} load={prefetchedModules} />
      <StylesWarmup />
    </Box>
  );
}

export default withMuiTheme(DashboardLayout);
