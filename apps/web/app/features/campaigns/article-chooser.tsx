import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useRecommendations } from "../../api/campaigns";
import { IdChoices } from "./id-choices";

/**
 * The articles to send (spec point 5): published ones the partner has not had yet, by views and
 * recency, as one named group of checkboxes (the wizard, and Add Articles of a campaign).
 */
export function ArticleChooser(props: {
  base: string;
  enabled: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  /** When they go out, in the words of the screen. */
  when: string;
}) {
  const recommendations = useRecommendations(props.base, props.enabled);
  const items = (recommendations.data ?? []).map((article) => ({
    id: article.id,
    label: article.title,
  }));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Articles to syndicate
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Published articles the partner has not had yet, by views and recency. {props.when}
      </Typography>
      {recommendations.isLoading && <Typography variant="body2">Loading articles...</Typography>}
      {recommendations.data?.length === 0 && (
        <Typography variant="body2">No published articles left to send.</Typography>
      )}
      <Box sx={{ maxHeight: 240, overflow: "auto" }}>
        <IdChoices items={items} value={props.value} onChange={props.onChange} />
      </Box>
    </Box>
  );
}
