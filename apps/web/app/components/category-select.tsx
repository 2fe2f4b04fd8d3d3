import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { type ReactNode, useMemo } from "react";
import { buildCategoryTree, flattenCategoryTree } from "../api/admin-categories";

type Value = number | "" | "all";

/**
 * A category picker: the categories as an indented tree. `emptyOption` puts "All" (filters) or
 * "Select a category" (forms) first; `activeOnly` leaves inactive categories out, except the one
 * already chosen.
 */
export function CategorySelect<V extends Value>(
  props: {
    categories: readonly CategoryOutput[];
    value: V;
    onChange: (value: V) => void;
    emptyOption?: { value: "" | "all"; label: ReactNode };
    activeOnly?: boolean;
  } & Omit<TextFieldProps, "value" | "onChange" | "select" | "children">,
) {
  const { categories, value, onChange, emptyOption, activeOnly, ...textFieldProps } = props;
  const options = useMemo(() => flattenCategoryTree(buildCategoryTree(categories)), [categories]);
  return (
    <TextField
      {...textFieldProps}
      select
      value={value}
      onChange={(event) => {
        const raw = event.target.value as unknown as Value;
        onChange((raw === "" || raw === "all" ? raw : Number(raw)) as V);
      }}
    >
      {emptyOption && <MenuItem value={emptyOption.value}>{emptyOption.label}</MenuItem>}
      {options
        .filter((category) => !activeOnly || category.isActive || category.id === value)
        .map((category) => (
          <MenuItem key={category.id} value={category.id} sx={{ pl: 2 + category.depth * 2 }}>
            {category.name}
          </MenuItem>
        ))}
    </TextField>
  );
}
