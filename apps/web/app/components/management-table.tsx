import MoreVertIcon from "@mui/icons-material/MoreVert";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";

export interface ManagementColumn {
  label: string;
  align?: "right" | "center";
}

/**
 * Below this width of the table's own box (a phone, or a tablet beside the drawer) every row is
 * shown as a card: the first cell as its heading, the others as "label: value" lines, the
 * actions at the bottom. A container query, so the drawer's width counts.
 */
const cardBelowPx = 720;

const cssString = (text: string) => `"${text.replace(/["\\]/g, "\\$&")}"`;

/** The card layout: each cell labelled by its column (from the header's own labels). */
function cardLayout(columns: readonly ManagementColumn[]) {
  const labels: Record<string, object> = {};
  columns.forEach((column, index) => {
    // The first column heads the card; the last (actions) needs no label.
    if (index === 0 || index === columns.length - 1) return;
    labels[`& tbody tr:not(.aw-message-row) > td:nth-of-type(${index + 1})::before`] = {
      content: cssString(column.label),
    };
  });
  return {
    "& table, & tbody": { display: "block" },
    // Kept for screen readers, out of sight: the cards carry the labels themselves.
    "& thead": {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
    "& tbody tr:not(.aw-message-row)": {
      display: "grid",
      gap: "4px",
      py: 1.5,
      px: 2,
      borderBottom: 1,
      borderColor: "divider",
    },
    "& tbody tr:not(.aw-message-row) > td": {
      display: "flex",
      // MUI's right-aligned cells reverse their flex direction; a card line reads label, value.
      flexDirection: "row",
      alignItems: "center",
      justifyContent: "space-between",
      gap: 2,
      minWidth: 0,
      maxWidth: "none",
      border: 0,
      p: 0,
      textAlign: "right",
      whiteSpace: "normal",
      overflowWrap: "anywhere",
    },
    "& tbody tr:not(.aw-message-row) > td::before": {
      color: "text.secondary",
      fontSize: 13,
      textAlign: "left",
      flexShrink: 0,
    },
    "& tbody tr:not(.aw-message-row) > td:first-of-type": {
      display: "block",
      textAlign: "left",
      pb: 0.5,
    },
    "& tbody tr:not(.aw-message-row) > td:last-of-type": {
      justifyContent: "flex-end",
      pt: 0.5,
    },
    "& tbody tr.aw-message-row, & tbody tr.aw-message-row > td": { display: "block" },
    ...labels,
  };
}

/**
 * The table of a management screen (users, API keys, articles): the header row, a loading row and
 * an empty row in the screen's own words, the screen's rows, and optionally the pagination under
 * it. It fits its box: wide enough, a table whose columns wrap rather than overflow; narrower
 * than `cardBelowPx`, one card per row.
 */
export function ManagementTable(props: {
  /** The table's accessible name. */
  label: string;
  /** Tighter side padding, for wide tables beside the dashboard drawer. */
  dense?: boolean;
  columns: readonly ManagementColumn[];
  loading: { active: boolean; text: string };
  empty: { active: boolean; text: ReactNode };
  pagination?: {
    count: number;
    page: number;
    rowsPerPage: number;
    rowsPerPageOptions?: number[];
    onPageChange: (page: number) => void;
    onRowsPerPageChange: (rowsPerPage: number) => void;
  };
  children: ReactNode;
}) {
  const { columns, loading, empty, pagination } = props;
  const messageRow = (text: ReactNode) => (
    <TableRow className="aw-message-row">
      <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper
      variant="outlined"
      sx={{ containerType: "inline-size", overflow: "hidden", position: "relative" }}
    >
      <TableContainer>
        <Table
          size="small"
          aria-label={props.label}
          sx={{
            "& th": { whiteSpace: "nowrap" },
            "& .MuiTableCell-root": { px: props.dense ? 1 : 1.5 },
            [`@container (max-width: ${cardBelowPx - 1}px)`]: cardLayout(columns),
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading.active && messageRow(loading.text)}
            {!loading.active && empty.active && messageRow(empty.text)}
            {props.children}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination && (
        <TablePagination
          component="div"
          count={pagination.count}
          page={pagination.page}
          rowsPerPage={pagination.rowsPerPage}
          rowsPerPageOptions={pagination.rowsPerPageOptions ?? [10, 25, 50]}
          onPageChange={(_event, next) => pagination.onPageChange(next)}
          onRowsPerPageChange={(event) =>
            pagination.onRowsPerPageChange(Number(event.target.value))
          }
        />
      )}
    </Paper>
  );
}

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
        {actions.map((action) => {
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
        })}
      </Menu>
    </>
  );
}
