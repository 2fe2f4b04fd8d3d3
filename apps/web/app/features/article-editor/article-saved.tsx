import { intervals } from "@aurumwire/shared/limits";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useArticleForEditing } from "../../api/admin-articles";
import { ArticleStatusChip } from "../../components/article-status-chip";
import { dashboardPaths } from "../../lib/dashboard-paths";

/**
 * /dashboard/articles/{id}: where a newly created article lands (spec point 2), then on to the
 * articles list after the spec's 2 seconds.
 */
export function ArticleSaved(props: { articleId: number }) {
  const navigate = useNavigate();
  const article = useArticleForEditing(Number.isNaN(props.articleId) ? undefined : props.articleId);

  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate(dashboardPaths.articles, { replace: true }),
      intervals.redirectAfterSaveMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, mx: "auto", textAlign: "center" }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Article saved
      </Typography>
      {article.data && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: "center", alignItems: "center" }}>
          <Typography sx={{ fontWeight: 700 }}>{article.data.title}</Typography>
          <ArticleStatusChip status={article.data.status} publishedAt={article.data.publishedAt} />
        </Stack>
      )}
      <Typography color="text.secondary" sx={{ my: 2 }}>
        Taking you to the articles list...
      </Typography>
      <Box sx={{ display: "flex", gap: 1, justifyContent: "center" }}>
        <Button component={RouterLink} to={dashboardPaths.editArticle(props.articleId)}>
          Keep editing
        </Button>
        <Button component={RouterLink} to={dashboardPaths.articles} variant="contained">
          Go to Articles
        </Button>
      </Box>
    </Paper>
  );
}
