import type { GenerateArticleResponse } from "@aurumwire/shared/ai-writer";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import RefreshIcon from "@mui/icons-material/Refresh";
import SaveIcon from "@mui/icons-material/Save";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { CategorySelect } from "../../components/category-select";
import { SeoPanel } from "../../components/seo-panel";
import { SourceList } from "./generation-sources";

/** The checks beside a draft: figures not found in its sources, and the sources themselves. */
function DraftChecks(props: { result: GenerateArticleResponse }) {
  const { figureChecks, sources } = props.result;
  return (
    <>
      <Box data-testid="figure-checks">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Figures to check
        </Typography>
        {figureChecks.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Every figure in the draft appears in its sources.
          </Typography>
        ) : (
          <List dense disablePadding>
            {figureChecks.map((check) => (
              <ListItem key={check.figure} disableGutters>
                <ListItemText
                  primary={`Check this figure: ${check.figure}`}
                  secondary={check.context}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box data-testid="generation-sources">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Sources
        </Typography>
        {sources.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No archive article matched the topic: check every fact in this draft.
          </Typography>
        ) : (
          <SourceList sources={sources} />
        )}
      </Box>
    </>
  );
}

/**
 * The generated draft (spec: a preview with regenerate and copy, SEO metadata, a category select
 * and 'Save as Draft & Edit'), with its sources and the figures to check. A new draft is below the
 * form: the writer is taken to it (and a screen reader told).
 */
export function GeneratorPreview(props: {
  result: GenerateArticleResponse;
  categories: readonly CategoryOutput[];
  categoryId: number | "";
  onCategoryChange: (categoryId: number | "") => void;
  busy: boolean;
  saveDisabled: boolean;
  onRegenerate: () => void;
  onCopy: () => void;
  onSave: () => void;
}) {
  const { result } = props;
  const { article } = result;
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (!result) return;
    heading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, [result]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="generated-preview">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
      >
        <Typography
          variant="h6"
          component="h2"
          ref={heading}
          tabIndex={-1}
          sx={{ "&:focus": { outline: "none" } }}
        >
          Preview
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<RefreshIcon />} onClick={props.onRegenerate} disabled={props.busy}>
            Regenerate
          </Button>
          <Button startIcon={<ContentCopyIcon />} onClick={props.onCopy}>
            Copy
          </Button>
        </Stack>
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        Drafted by AI ({result.generation.model}) from {result.sources.length} archive{" "}
        {result.sources.length === 1 ? "source" : "sources"}. An editor reviews it before it is
        published.
      </Alert>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "2fr 1fr" } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {article.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {article.excerpt}
          </Typography>
          <Box
            data-testid="generated-content"
            sx={{ "& h2": { fontSize: "1.25rem", mt: 3 }, "& a": { color: "primary.main" } }}
            // Sanitized by the server (the article allowlist) before it was sent.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the draft's HTML is what a preview shows
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
        </Box>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CategorySelect
            categories={props.categories}
            label="Category"
            value={props.categoryId}
            onChange={props.onCategoryChange}
            required
            activeOnly
          />
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={props.onSave}
            disabled={props.saveDisabled}
          >
            Save as Draft & Edit
          </Button>
          <Divider />
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              SEO metadata
            </Typography>
            <Typography variant="body2">
              <strong>Meta title:</strong> {article.metaTitle}
            </Typography>
            <Typography variant="body2">
              <strong>Meta description:</strong> {article.metaDescription}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 1 }}>
              {article.tags.map((tag) => (
                <Chip key={tag} label={`#${tag}`} size="small" variant="outlined" />
              ))}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {article.readingTime} min read
            </Typography>
          </Box>
          <SeoPanel
            title={article.title}
            metaTitle={article.metaTitle}
            metaDescription={article.metaDescription}
            excerpt={article.excerpt}
          />
          <Divider />
          <DraftChecks result={result} />
        </Stack>
      </Box>
    </Paper>
  );
}
