import { storageKeys } from "@aurumwire/shared/limits";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { sanitizePreviewHtml } from "../../api/admin-articles";
import { CategoryChip } from "../../components/category-chip";
import { messageOf } from "../../lib/error-text";

type PreviewData = {
  title: string;
  excerpt: string;
  content: string;
  featuredImage?: string | null;
  tags?: string[];
  category?: { name: string; color: string } | null;
  author?: { firstName: string; lastName: string } | null;
};

function readPreview(): PreviewData | null {
  try {
    const raw = window.localStorage.getItem(storageKeys.articlePreview);
    const data = raw ? (JSON.parse(raw) as PreviewData) : null;
    return data && typeof data.title === "string" && typeof data.content === "string" ? data : null;
  } catch {
    return null;
  }
}

/**
 * /preview: the draft the editor put in local storage under `article-preview` (spec point 2),
 * laid out like an article. It follows the editor: pressing Preview again refreshes this tab.
 */
export function ArticlePreview() {
  const [preview, setPreview] = useState<PreviewData | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = 0;
    // Local storage is writable by any script on the site: its HTML is shown only after the
    // server's sanitizer (the allowlist of every save) has cleaned it.
    const load = () => {
      const turn = ++current;
      const draft = readPreview();
      if (!draft) {
        setPreview(null);
        return;
      }
      sanitizePreviewHtml(draft.content).then(
        (content) => {
          if (turn !== current) return;
          setFailure(null);
          setPreview({ ...draft, content });
        },
        (error: unknown) => {
          if (turn !== current) return;
          setFailure(messageOf(error, "Unknown error"));
        },
      );
    };
    load();
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.articlePreview) load();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      current = -1;
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  if (failure) {
    return (
      <Alert severity="error" role="alert">
        The preview could not be prepared: {failure}
      </Alert>
    );
  }
  if (preview === undefined) return <Typography>Loading preview...</Typography>;
  if (preview === null) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Nothing to preview
        </Typography>
        <Typography color="text.secondary">
          Open the preview from the article editor with a title and some content.
        </Typography>
      </Paper>
    );
  }

  return (
    <Box component="article" sx={{ maxWidth: 860, mx: "auto" }}>
      <Chip label="Preview" color="warning" size="small" sx={{ mb: 2, fontWeight: 700 }} />
      {preview.category && (
        <CategoryChip category={preview.category} sx={{ ml: 1, mb: 2, fontWeight: 600 }} />
      )}
      <Typography variant="h3" component="h1" sx={{ mb: 2, fontSize: { xs: 30, md: 42 } }}>
        {preview.title}
      </Typography>
      {preview.excerpt && (
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 2 }}>
          {preview.excerpt}
        </Typography>
      )}
      {preview.author && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          By {preview.author.firstName} {preview.author.lastName}
        </Typography>
      )}
      {preview.featuredImage && (
        <Box
          component="img"
          src={preview.featuredImage}
          alt=""
          sx={{ width: "100%", aspectRatio: "2 / 1", objectFit: "cover", borderRadius: 2, mb: 3 }}
        />
      )}
      <Box
        className="article-body"
        sx={{
          fontSize: 18,
          lineHeight: 1.75,
          "& img": { maxWidth: "100%", height: "auto" },
          "& iframe": { width: "100%", height: 400, border: 0 },
          "& a": { color: "primary.main" },
          "& blockquote": { borderLeft: 4, borderColor: "primary.main", pl: 2, ml: 0 },
          "& pre": { bgcolor: "background.paper", p: 2, borderRadius: 1, overflowX: "auto" },
          "& .ql-align-center": { textAlign: "center" },
          "& .ql-align-right": { textAlign: "right" },
          "& .ql-align-justify": { textAlign: "justify" },
          "& .ql-size-small": { fontSize: "0.75em" },
          "& .ql-size-large": { fontSize: "1.5em" },
          "& .ql-size-huge": { fontSize: "2.5em" },
          "& .ql-font-serif": { fontFamily: "Georgia, serif" },
          "& .ql-font-monospace": { fontFamily: "monospace" },
          ...Object.fromEntries(
            Array.from({ length: 8 }, (_, index) => [
              `& .ql-indent-${index + 1}`,
              { pl: `${(index + 1) * 3}em` },
            ]),
          ),
        }}
        // Sanitized by the server above, with the same allowlist as every save.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: article HTML is what a preview shows
        dangerouslySetInnerHTML={{ __html: preview.content }}
      />
      {preview.tags && preview.tags.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 4, flexWrap: "wrap", gap: 1 }}>
          {preview.tags.map((tag) => (
            <Chip key={tag} label={`#${tag}`} variant="outlined" size="small" />
          ))}
        </Stack>
      )}
    </Box>
  );
}
