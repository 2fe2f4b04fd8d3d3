import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import type { ReactNode } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

/**
 * The form kit's yes-or-no field: a labelled checkbox (or, with `toggle="switch"`, a switch for a
 * setting that takes effect as a state, such as Active) bound to a react-hook-form boolean, showing
 * the field's validation message in place of its hint. `label` may depend on the value ("Active" /
 * "Inactive").
 */
export function FormCheckboxField<Values extends FieldValues, Transformed = Values>(props: {
  name: FieldPath<Values>;
  control: Control<Values, unknown, Transformed>;
  label: ReactNode | ((checked: boolean) => ReactNode);
  toggle?: "checkbox" | "switch";
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { name, control, label, toggle = "checkbox", disabled, hint } = props;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const checked = !!field.value;
        const input = {
          checked,
          disabled,
          name: field.name,
          // Focus moves here when the schema refuses the value.
          slotProps: { input: { ref: field.ref } },
          onBlur: field.onBlur,
          onChange: (event: { target: { checked: boolean } }) =>
            field.onChange(event.target.checked),
        };
        const message = fieldState.error?.message ?? hint;
        return (
          <FormControl error={!!fieldState.error} disabled={disabled}>
            <FormControlLabel
              control={toggle === "switch" ? <Switch {...input} /> : <Checkbox {...input} />}
              label={typeof label === "function" ? label(checked) : label}
            />
            {message !== undefined && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
