import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";

/** Spec point 2: tag suggestions; any other tag may be typed in. */
export const tagSuggestions = [
  "bitcoin",
  "ethereum",
  "defi",
  "nft",
  "trading",
  "analysis",
  "news",
] as const;

function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

export function TagsField(props: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[...tagSuggestions]}
      value={props.value}
      onChange={(_event, tags) => props.onChange(normalizeTags(tags))}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label="Tags"
          placeholder="Add a tag and press Enter"
          error={!!props.error}
          helperText={props.error ?? "Choose a suggestion or type your own and press Enter"}
        />
      )}
    />
  );
}
