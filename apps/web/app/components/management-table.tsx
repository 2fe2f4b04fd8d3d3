import Checkbox from "@mui/material/Checkbox";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { createContext, type ReactNode, useContext } from "react";

export interface ManagementColumn {
  label: string;
  align?: "right" | "center";
}

/**
 * Row selection of a management table: the ids chosen (kept across pages by the screen), the ids
 * on this page for the header checkbox, and what to do with the chosen rows (a bar above the
 * table while any are chosen).
 */
export interface ManagementSelection {
  selected: readonly number[];
  pageIds: readonly number[];
  onChange: (selected: number[]) => void;
  /** Buttons for the chosen rows. */
  actions: ReactNode;
}

const SelectionContext = createContext<ManagementSelection | null>(null);

/** The first cell of a selectable row: its checkbox, named after the row. */
export function SelectRowCell(props: { rowId: number; label: string }) {
  const selection = useContext(SelectionContext);
  if (!selection) return null;
  const checked = selection.selected.includes(props.rowId);
  return (
    <TableCell padding="checkbox">
      <Checkbox
        size="small"
        checked={checked}
        onChange={() =>
          selection.onChange(
            checked
              ? selection.selected.filter((id) => id !== props.rowId)
              : [...selection.selected, props.rowId],
          )
        }
        slotProps={{ input: { "aria-label": `Select ${props.label}` } }}
      />
    </TableCell>
  );
}

/**
 * Below this width of the table's own box (a phone, or a tablet beside the drawer) every row is
 * shown as a card: the first cell as its heading, the others as "label: value" lines, the
 * actions at the bottom. A container query, so the drawer's width counts.
 */
const cardBelowPx = 720;

const cssString = (text: string) => `"${text.replace(/["\\]/g, "\\$&")}"`;

/**
 * The card layout: each cell labelled by its column (from the header's own labels). With row
 * selection the checkbox cell comes first and the columns' cells one later.
 */
function cardLayout(columns: readonly ManagementColumn[], selectable: boolean) {
  const offset = selectable ? 1 : 0;
  const labels: Record<string, object> = {};
  // The buttons of an "Actions" column sit at the card's foot without a label; a last column of
  // data (a date, an address) is labelled like the others.
  const endsWithActions = columns.at(-1)?.label === "Actions";
  columns.forEach((column, index) => {
    // The first column heads the card.
    if (index === 0 || (endsWithActions && index === columns.length - 1)) return;
    labels[`& tbody tr:not(.aw-message-row) > td:nth-of-type(${index + 1 + offset})::before`] = {
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
    [`& tbody tr:not(.aw-message-row) > td:nth-of-type(${1 + offset})`]: {
      display: "block",
      textAlign: "left",
      pb: 0.5,
    },
    // The checkbox sits at the card's top left, above its heading.
    ...(selectable
      ? { "& tbody tr:not(.aw-message-row) > td:first-of-type": { display: "block" } }
      : {}),
    ...(endsWithActions
      ? {
          "& tbody tr:not(.aw-message-row) > td:last-of-type": {
            justifyContent: "flex-end",
            pt: 0.5,
          },
        }
      : {}),
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
  /** Checkboxes on each row (rows start with SelectRowCell) and a bar of actions for the chosen. */
  selection?: ManagementSelection;
  children: ReactNode;
}) {
  const { columns, loading, empty, pagination, selection } = props;
  const columnCount = columns.length + (selection ? 1 : 0);
  const onPage = selection?.pageIds.filter((id) => selection.selected.includes(id)).length ?? 0;
  const messageRow = (text: ReactNode) => (
    <TableRow className="aw-message-row">
      <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper
      variant="outlined"
      sx={{ containerType: "inline-size", overflow: "hidden", position: "relative" }}
    >
      {selection && selection.selected.length > 0 && (
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          useFlexGap
          sx={{
            px: 2,
            py: 1,
            alignItems: { sm: "center" },
            flexWrap: "wrap",
            bgcolor: "action.selected",
          }}
          role="toolbar"
          aria-label="Selected rows"
        >
          <Typography variant="body2" sx={{ fontWeight: 700, flex: 1 }}>
            {selection.selected.length} selected
          </Typography>
          {selection.actions}
        </Stack>
      )}
      <SelectionContext.Provider value={selection ?? null}>
        <TableContainer>
          <Table
            size="small"
            aria-label={props.label}
            sx={{
              "& th": { whiteSpace: "nowrap" },
              "& .MuiTableCell-root": { px: props.dense ? 1 : 1.5 },
              [`@container (max-width: ${cardBelowPx - 1}px)`]: cardLayout(columns, !!selection),
            }}
          >
            <TableHead>
              <TableRow>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selection.pageIds.length > 0 && onPage === selection.pageIds.length}
                      indeterminate={onPage > 0 && onPage < selection.pageIds.length}
                      disabled={selection.pageIds.length === 0}
                      onChange={() =>
                        selection.onChange(
                          onPage === selection.pageIds.length
                            ? selection.selected.filter((id) => !selection.pageIds.includes(id))
                            : [...new Set([...selection.selected, ...selection.pageIds])],
                        )
                      }
                      slotProps={{ input: { "aria-label": "Select all rows on this page" } }}
                    />
                  </TableCell>
                )}
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
      </SelectionContext.Provider>
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
