import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** A row of topic chips (trending or quick); the chosen topic shows filled. */
export function TopicChips(props: {
  label: string;
  topics: readonly string[];
  chosen: string;
  disabled: boolean;
  onChoose: (topic: string) => void;
}) {
  if (props.topics.length === 0) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {props.label}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
        {props.topics.map((topic) => (
          <Chip
            key={topic}
            label={topic}
            size="small"
            variant={topic === props.chosen ? "filled" : "outlined"}
            color="primary"
            disabled={props.disabled}
            onClick={() => props.onChoose(topic)}
            // Topics are headlines: they wrap on a phone instead of widening the page.
            sx={{
              maxWidth: "100%",
              height: "auto",
              "& .MuiChip-label": { whiteSpace: "normal", py: 0.5 },
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}
