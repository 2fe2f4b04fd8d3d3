import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";

export interface SelectOption<Value extends string | number = string | number> {
  value: Value;
  label: ReactNode;
  /** How deep in a tree the option sits (a sub-category): its item is indented that much. */
  depth?: number;
}

/** The menu items of a select's options; FormSelectField and SelectField draw them alike. */
export function optionItems(options: readonly SelectOption[]) {
  return options.map((option) => (
    <MenuItem
      key={option.value}
      value={option.value}
      sx={option.depth ? { pl: 2 + option.depth * 2 } : undefined}
    >
      {option.label}
    </MenuItem>
  ));
}

/**
 * A select outside a form: a screen's filter (a list's role, status, featured), whose choice
 * applies at once. `onChange` receives the chosen option's value as the options typed it.
 */
export function SelectField<Value extends string | number>(
  props: {
    value: Value;
    onChange: (next: Value) => void;
    options: readonly SelectOption<Value>[];
  } & Omit<TextFieldProps, "select" | "value" | "onChange" | "children">,
) {
  const { value, onChange, options, ...textFieldProps } = props;
  return (
    <TextField
      {...textFieldProps}
      select
      value={value}
      onChange={(event) => {
        const chosen = options.find(
          (option) => String(option.value) === String(event.target.value),
        );
        if (chosen) onChange(chosen.value);
      }}
    >
      {optionItems(options)}
    </TextField>
  );
}
