import { isAdmin, isStaff } from "@aurumwire/shared/roles";
import { userInitials } from "@aurumwire/shared/users";
import DashboardIcon from "@mui/icons-material/Dashboard";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { withMuiTheme } from "../mui-theme";
import { NotificationBell } from "./notification-bell";

/**
 * The header's signed-in controls: notifications, the staff's Dashboard button, the role chip and
 * the account menu. MUI, loaded only once a reader is signed in (header.tsx), so anonymous pages
 * neither download nor render it.
 */
function HeaderAccount() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const close = () => setAnchor(null);
  const go = (to: string) => {
    close();
    navigate(to);
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <NotificationBell userId={user.id} />
      {isStaff(user) && (
        <Button
          component={RouterLink}
          to={dashboardPaths.home}
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
          color: user.role === "admin" ? "error.contrastText" : "primary.contrastText",
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
        {isStaff(user) && <MenuItem onClick={() => go(dashboardPaths.home)}>Dashboard</MenuItem>}
        <MenuItem onClick={() => go("/profile")}>Profile Settings</MenuItem>
        {isStaff(user) && <MenuItem onClick={() => go(dashboardPaths.apiKeys)}>API Keys</MenuItem>}
        {isAdmin(user) && (
          <MenuItem onClick={() => go(dashboardPaths.landingPage)}>Landing Page Manager</MenuItem>
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

export default withMuiTheme(HeaderAccount);
