import Box from "@mui/material/Box";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  useFormState,
} from "react-hook-form";

function CharacterCount(props: { length: number; max: number }) {
  return (
    <Box component="span" sx={{ color: props.length > props.max ? "error.main" : undefined }}>
      {props.length}/{props.max}
    </Box>
  );
}

/**
 * The form kit's text field: a MUI TextField bound to a react-hook-form field, showing the
 * field's validation message (from the shared zod schema or the server) in place of its hint,
 * and, with `maxLength`, a character count that turns red past the limit.
 */
export function FormTextField<Values extends FieldValues, Transformed = Values>(
  props: {
    name: FieldPath<Values>;
    control: Control<Values, unknown, Transformed>;
    hint?: string;
    maxLength?: number;
  } & Omit<TextFieldProps, "name" | "error" | "helperText">,
) {
  const { name, control, hint, maxLength, ...textFieldProps } = props;
  const { errors } = useFormState({ control, name });
  const message = name
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    | { message?: string }
    | undefined;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...textFieldProps}
          {...field}
          error={!!message}
          helperText={
            maxLength === undefined ? (
              (message?.message ?? hint)
            ) : (
              <Box component="span" sx={{ display: "flex", justifyContent: "space-between" }}>
                <span>{message?.message ?? hint}</span>
                <CharacterCount length={String(field.value ?? "").length} max={maxLength} />
              </Box>
            )
          }
        />
      )}
    />
  );
}
