import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import type { SxProps, Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";

/**
 * A management screen's search box (with useDebouncedSearch): a small field with the search icon;
 * what is typed goes to `onInput`, and Enter applies it at once (`onApply`).
 */
export function SearchField(props: {
  value: string;
  onInput: (value: string) => void;
  onApply: () => void;
  label?: string;
  placeholder?: string;
  /** The field's name for assistive technology when it shows a placeholder, not a label. */
  ariaLabel?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onInput(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") props.onApply();
      }}
      sx={props.sx}
      slotProps={{
        htmlInput: props.ariaLabel ? { "aria-label": props.ariaLabel } : undefined,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
