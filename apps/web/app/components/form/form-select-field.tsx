import type { TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormTextField } from "./form-text-field";
import { optionItems, type SelectOption } from "./select-field";

/**
 * The form kit's select: a FormTextField (bound to a react-hook-form field, showing the field's
 * validation message in place of its hint) that offers `options` as a menu.
 */
export function FormSelectField<Values extends FieldValues, Transformed = Values>(
  props: {
    name: FieldPath<Values>;
    control: Control<Values, unknown, Transformed>;
    options: readonly SelectOption[];
    hint?: string;
  } & Omit<TextFieldProps, "name" | "error" | "helperText" | "select" | "children">,
) {
  const { options, ...fieldProps } = props;
  return (
    <FormTextField {...fieldProps} select>
      {optionItems(options)}
    </FormTextField>
  );
}

/** Options from a list of values, each shown as `labelOf` says: the value itself unless told. */
export function valueOptions<Value extends string>(
  values: readonly Value[],
  labelOf: (value: Value) => ReactNode = (value) => value,
): SelectOption<Value>[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

/** Options from a list of words, each shown capitalized ("news" reads "News"). */
export function wordOptions(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}
