import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";

/** Checkboxes, one a line, for choosing some of a list by id (partners, articles). */
export function IdChoices(props: {
  items: readonly { id: number; label: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  return props.items.map((item) => (
    <FormControlLabel
      key={item.id}
      sx={{ display: "flex" }}
      control={
        <Checkbox
          size="small"
          checked={props.value.includes(item.id)}
          onChange={(event) =>
            props.onChange(
              event.target.checked
                ? [...props.value, item.id]
                : props.value.filter((id) => id !== item.id),
            )
          }
        />
      }
      label={item.label}
    />
  ));
}
