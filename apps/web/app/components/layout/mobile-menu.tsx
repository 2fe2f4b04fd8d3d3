import { isStaff } from "@aurumwire/shared/roles";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuth } from "../../lib/auth-context";
import { dashboardPaths } from "../../lib/dashboard-paths";
import { withMuiTheme } from "../mui-theme";
import { navItems, searchPath } from "./nav";

/** The small screens' menu drawer: search and the main sections. Loaded on the first open. */
function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
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
          {/* Staff on a phone: the header's Dashboard button is hidden there. */}
          {isStaff(user) && (
            <>
              <Divider sx={{ my: 1 }} />
              <ListItemButton component={RouterLink} to={dashboardPaths.home} onClick={onClose}>
                <ListItemText primary="Dashboard" />
              </ListItemButton>
            </>
          )}
        </List>
      </Box>
    </Drawer>
  );
}

export default withMuiTheme(MobileMenu);
