import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import type { TextFieldProps } from "@mui/material/TextField";
import { type ReactNode, useMemo } from "react";
import { buildCategoryTree, flattenCategoryTree } from "../api/admin-categories";
import { SelectField, type SelectOption } from "./form/select-field";

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
  const tree = useMemo(() => flattenCategoryTree(buildCategoryTree(categories)), [categories]);
  const options: SelectOption<V>[] = [
    ...(emptyOption ? [emptyOption as SelectOption<V>] : []),
    ...tree
      .filter((category) => !activeOnly || category.isActive || category.id === value)
      .map((category) => ({
        value: category.id as V,
        label: category.name,
        depth: category.depth,
      })),
  ];
  return <SelectField {...textFieldProps} value={value} onChange={onChange} options={options} />;
}
