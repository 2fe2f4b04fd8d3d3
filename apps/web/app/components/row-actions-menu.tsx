import MoreVertIcon from "@mui/icons-material/MoreVert";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";

export interface RowAction {
  label: string;
  icon?: ReactNode;
  /** A button's action, or a link (`to` inside the app, `href` to a public page in a new tab). */
  onClick?: () => void;
  to?: string;
  href?: string;
  disabled?: boolean;
  color?: "error";
}

/** The menu's items: links, a public page in a new tab, or buttons that close the menu first. */
export function rowActionItems(actions: readonly RowAction[], close: () => void) {
  return actions.map((action) => {
    const content = (
      <>
        {action.icon && (
          <ListItemIcon sx={{ color: action.color ? `${action.color}.main` : undefined }}>
            {action.icon}
          </ListItemIcon>
        )}
        <ListItemText>{action.label}</ListItemText>
      </>
    );
    const common = {
      disabled: action.disabled,
      sx: action.color ? { color: `${action.color}.main` } : undefined,
    };
    if (action.to) {
      return (
        <MenuItem key={action.label} {...common} component={RouterLink} to={action.to}>
          {content}
        </MenuItem>
      );
    }
    if (action.href) {
      return (
        <MenuItem
          key={action.label}
          {...common}
          component="a"
          href={action.href}
          target="_blank"
          rel="noopener"
          onClick={close}
        >
          {content}
        </MenuItem>
      );
    }
    return (
      <MenuItem
        key={action.label}
        {...common}
        onClick={() => {
          close();
          action.onClick?.();
        }}
      >
        {content}
      </MenuItem>
    );
  });
}

/**
 * The less frequent actions of a row behind one "more" button, so the row keeps its width; the
 * screen shows its main action (Edit) beside it.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${label}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {rowActionItems(actions, close)}
      </Menu>
    </>
  );
}
