// @vitest-environment happy-dom
import Button from "@mui/material/Button";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../test/render";
import { ManagementTable, SelectRowCell } from "./management-table";
import { RowActionsMenu } from "./row-actions-menu";

const desks = [
  { id: 1, name: "Markets" },
  { id: 2, name: "Policy" },
  { id: 3, name: "DeFi" },
];
const columns = [{ label: "Desk" }, { label: "Actions", align: "right" as const }];

/** A screen's use of the table: rows on pages of two, row selection, a row menu. */
function DeskTable(props: {
  loading?: boolean;
  onArchive?: (ids: number[]) => void;
  list?: typeof desks;
}) {
  const list = props.list ?? desks;
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [rowsPerPage, setRowsPerPage] = useState(2);
  const rows = props.loading ? [] : list.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <ManagementTable
      label="Desks"
      columns={columns}
      loading={{ active: !!props.loading, text: "Loading desks..." }}
      empty={{ active: rows.length === 0, text: "No desks yet" }}
      pagination={{
        count: list.length,
        page,
        rowsPerPage,
        rowsPerPageOptions: [2, 10],
        onPageChange: setPage,
        onRowsPerPageChange: setRowsPerPage,
      }}
      selection={{
        selected,
        pageIds: rows.map((row) => row.id),
        onChange: setSelected,
        actions: <Button onClick={() => props.onArchive?.(selected)}>Archive</Button>,
      }}
    >
      {rows.map((row) => (
        <TableRow key={row.id}>
          <SelectRowCell rowId={row.id} label={row.name} />
          <TableCell>{row.name}</TableCell>
          <TableCell align="right">
            <RowActionsMenu
              label={row.name}
              actions={[
                { label: "Rename", onClick: () => {} },
                { label: "Open page", to: `/desks/${row.id}` },
                { label: "Delete", color: "error", disabled: true },
              ]}
            />
          </TableCell>
        </TableRow>
      ))}
    </ManagementTable>
  );
}

describe("the management table", () => {
  it("is a named table with its columns, showing the screen's words while it loads", () => {
    renderScreen(<DeskTable loading />);
    const table = screen.getByRole("table", { name: "Desks" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["", "Desk", "Actions"]);
    expect(within(table).getByText("Loading desks...")).toBeTruthy();
    expect(within(table).queryByText("No desks yet")).toBeNull();
  });

  it("pages through the rows", async () => {
    const { user } = renderScreen(<DeskTable />);
    expect(screen.getByText("Markets")).toBeTruthy();
    expect(screen.queryByText("DeFi")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    expect(screen.getByText("DeFi")).toBeTruthy();
    expect(screen.queryByText("Markets")).toBeNull();
  });

  it("selects rows one by one or the whole page, keeps the choice across pages, and acts on it", async () => {
    const archived: number[][] = [];
    const { user } = renderScreen(<DeskTable onArchive={(ids) => archived.push(ids)} />);
    expect(screen.queryByRole("toolbar", { name: "Selected rows" })).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: "Select Policy" }));
    const bar = screen.getByRole("toolbar", { name: "Selected rows" });
    expect(within(bar).getByText("1 selected")).toBeTruthy();
    const all = screen.getByRole("checkbox", { name: "Select all rows on this page" });
    expect(all.getAttribute("data-indeterminate")).toBe("true");

    await user.click(all);
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Go to next page" }));
    await user.click(screen.getByRole("checkbox", { name: "Select DeFi" }));
    await user.click(within(bar).getByRole("button", { name: "Archive" }));
    expect(archived).toEqual([[2, 1, 3]]);

    await user.click(screen.getByRole("checkbox", { name: "Select all rows on this page" }));
    expect(within(bar).getByText("2 selected")).toBeTruthy();
  });

  it("shows more rows at a larger page size, and the screen's own words when there are none", async () => {
    const { user, unmount } = renderScreen(<DeskTable />);
    expect(screen.getByText("1–2 of 3")).toBeTruthy();
    await user.click(screen.getByRole("combobox", { name: /Rows per page/ }));
    await user.click(screen.getByRole("option", { name: "10" }));
    expect(screen.getByText("1–3 of 3")).toBeTruthy();
    expect(
      screen.getAllByRole("checkbox", { name: /^Select (Markets|Policy|DeFi)$/ }),
    ).toHaveLength(3);
    unmount();

    renderScreen(<DeskTable list={[]} />);
    const table = screen.getByRole("table", { name: "Desks" });
    expect(within(table).getByText("No desks yet")).toBeTruthy();
    expect(within(table).queryByText("Loading desks...")).toBeNull();
  });

  it("keeps a row's less frequent actions behind its own menu", async () => {
    const { user } = renderScreen(<DeskTable />);
    await user.click(screen.getByRole("button", { name: "More actions for Policy" }));
    const menu = screen.getByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Rename", "Open page", "Delete"]);
    expect(within(menu).getByRole("menuitem", { name: "Open page" }).getAttribute("href")).toBe(
      "/desks/2",
    );
    expect(
      within(menu).getByRole("menuitem", { name: "Delete" }).getAttribute("aria-disabled"),
    ).toBe("true");
  });
});
