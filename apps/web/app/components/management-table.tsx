import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";

export interface ManagementColumn {
  label: string;
  align?: "right" | "center";
}

/**
 * The table of a management screen (users, API keys, ...): the header row, a loading row and an
 * empty row in the screen's own words, the screen's rows, and optionally the pagination under it.
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
    <TableRow>
      <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          size="small"
          aria-label={props.label}
          sx={{
            "& th": { whiteSpace: "nowrap" },
            ...(props.dense ? { "& .MuiTableCell-root": { px: 1 } } : {}),
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
