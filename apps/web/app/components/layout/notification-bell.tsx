import type { Notification } from "@aurumwire/shared/notifications";
import NotificationsIcon from "@mui/icons-material/Notifications";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { useNotifications } from "../../api/notifications";
import { formatAge } from "../../lib/dates";

const seenKey = (userId: number) => `notifications-seen:${userId}`;

/** When the menu was last opened; the first time in a browser counts from now (nothing is new). */
function readSeen(userId: number): number {
  const stored = window.localStorage.getItem(seenKey(userId));
  const value = Number(stored);
  if (stored !== null && Number.isFinite(value)) return value;
  const now = Date.now();
  window.localStorage.setItem(seenKey(userId), String(now));
  return now;
}

/** How each kind of notification starts (decisions 133 and 265). */
const kindLabels: Record<Notification["kind"], string> = {
  article_published: "Published",
  review_requested: "Review requested",
  changes_requested: "Changes requested",
};

/**
 * The header's bell (decision 133): the signed-in account's own news, today its articles that
 * went public. The badge counts what arrived since the menu was last opened (kept in this
 * browser); with nothing new there is no badge, with nothing at all the menu says so.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(() => readSeen(userId));
  const notifications = useNotifications(userId);
  const items = notifications.data?.notifications ?? [];
  const unseen = items.filter((item) => new Date(item.at).getTime() > seen).length;

  const open = (target: HTMLElement) => {
    setAnchor(target);
    const newest = Math.max(seen, ...items.map((item) => new Date(item.at).getTime()));
    window.localStorage.setItem(seenKey(userId), String(newest));
    setSeen(newest);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unseen ? `Notifications (${unseen} new)` : "Notifications"}
        aria-haspopup="menu"
        onClick={(event) => open(event.currentTarget)}
      >
        <Badge badgeContent={unseen} color="error" data-testid="notification-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340, maxWidth: "calc(100vw - 32px)" } } }}
      >
        {items.length === 0 ? (
          <MenuItem disabled>
            <Typography variant="body2">
              {notifications.isError ? "Notifications could not be loaded" : "No notifications yet"}
            </Typography>
          </MenuItem>
        ) : (
          items.map((item) => (
            <MenuItem
              key={item.id}
              component={RouterLink}
              to={item.link}
              onClick={() => setAnchor(null)}
              sx={{ whiteSpace: "normal" }}
            >
              <ListItemText
                primary={`${kindLabels[item.kind]}: ${item.title}`}
                secondary={formatAge(item.at)}
                slotProps={{ primary: { variant: "body2" } }}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
