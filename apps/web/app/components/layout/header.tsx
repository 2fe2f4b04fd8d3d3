import { limits } from "@aurumwire/shared/limits";
import { isAdmin, isStaff } from "@aurumwire/shared/roles";
import { userInitials } from "@aurumwire/shared/users";
import DashboardIcon from "@mui/icons-material/Dashboard";
import MenuIcon from "@mui/icons-material/Menu";
import NotificationsIcon from "@mui/icons-material/Notifications";
import SearchIcon from "@mui/icons-material/Search";
import AppBar from "@mui/material/AppBar";
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
import Slide from "@mui/material/Slide";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import useScrollTrigger from "@mui/material/useScrollTrigger";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuth } from "../../features/auth/auth-context";

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

function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = searchPath(text);
    if (path) navigate(path);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={onSubmit}
      sx={{
        display: { xs: "none", md: "flex" },
        alignItems: "center",
        bgcolor: "rgba(255,255,255,0.06)",
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        px: 1.25,
        width: 240,
      }}
    >
      <SearchIcon fontSize="small" sx={{ color: "text.secondary", mr: 1 }} />
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search crypto news..."
        inputProps={{ "aria-label": "Search articles", name: "q" }}
        sx={{ flex: 1, fontSize: 14, py: 0.5 }}
      />
    </Box>
  );
}

function AuthArea() {
  const { status, user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (status === "loading") {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 80, textAlign: "right" }}>
        Loading...
      </Typography>
    );
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
  return (
    <>
      <Slide appear={false} direction="down" in={!hidden}>
        <AppBar
          position="sticky"
          color="default"
          elevation={0}
          sx={{
            bgcolor: "rgba(11,11,15,0.92)",
            backdropFilter: "blur(8px)",
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Toolbar sx={{ gap: { xs: 1, sm: 2 }, maxWidth: 1400, width: "100%", mx: "auto" }}>
            <IconButton
              edge="start"
              color="inherit"
              aria-label="Open menu"
              onClick={() => setMobileOpen(true)}
              sx={{ display: { md: "none" } }}
            >
              <MenuIcon />
            </IconButton>
            <Box
              component={RouterLink}
              to="/"
              sx={{
                textDecoration: "none",
                color: "inherit",
                display: "flex",
                flexDirection: "column",
                lineHeight: 1,
              }}
            >
              <Typography
                component="span"
                sx={{
                  fontWeight: 900,
                  fontSize: { xs: 19, sm: 22 },
                  color: "primary.main",
                  letterSpacing: 0.5,
                }}
              >
                {siteName}
              </Typography>
              <Typography
                component="span"
                sx={{
                  display: { xs: "none", sm: "block" },
                  fontSize: 10,
                  color: "text.secondary",
                  letterSpacing: 1.2,
                  textTransform: "uppercase",
                }}
              >
                Premium Crypto Intelligence
              </Typography>
            </Box>
            <Box
              component="nav"
              aria-label="Main"
              sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ml: 2 }}
            >
              {navItems.map((item) => (
                <Button key={item.to} component={RouterLink} to={item.to} color="inherit">
                  {item.label}
                </Button>
              ))}
            </Box>
            <Box sx={{ flex: 1 }} />
            <SearchBox />
            <AuthArea />
          </Toolbar>
        </AppBar>
      </Slide>
      <MobileMenu open={mobileOpen} onClose={() => setMobileOpen(false)} />
    </>
  );
}
