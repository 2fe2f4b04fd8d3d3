import type { ResearchResponse } from "@aurumwire/shared/ai-writer";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** The archive articles a draft (or a research step) drew on, numbered as the draft cites them. */
export function SourceList(props: {
  sources: ResearchResponse["sources"];
  showPassages?: boolean;
}) {
  return (
    <List dense disablePadding>
      {props.sources.map((source, index) => (
        <ListItem key={source.articleId} disableGutters sx={{ alignItems: "flex-start" }}>
          <ListItemText
            primary={
              <Link href={`/article/${source.slug}`} target="_blank" rel="noopener">
                [{index + 1}] {source.title}
              </Link>
            }
            secondary={props.showPassages ? source.passage : source.publishedAt?.slice(0, 10)}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** 'Find sources only': the archive's passages on the topic, labelled as not written by AI. */
export function ResearchResult(props: { research: ResearchResponse }) {
  const { research } = props;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="research-result">
      <Typography variant="h6" component="h2">
        Research: not written by AI
      </Typography>
      <Alert severity="info" sx={{ my: 1 }}>
        {research.notice}
      </Alert>
      {research.sources.length === 0 ? (
        <Typography color="text.secondary">
          No published article in our archive matches this topic.
        </Typography>
      ) : (
        <SourceList sources={research.sources} showPassages />
      )}
    </Paper>
  );
}
