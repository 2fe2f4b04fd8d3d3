import { intervals } from "@aurumwire/shared/limits";
import type { NewsTickerResponse, TickerNewsItem } from "@aurumwire/shared/news";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { requestArticleFor, useBreakingNews } from "./use-breaking-news";

/**
 * The home page's breaking-news line: one headline at a time, the next every 4 s (paused while the
 * pointer or keyboard focus is on it). A click opens the item's article, or asks the server to
 * write one first ('Generating article...') and then opens it.
 */
export function BreakingNewsTicker({
  items,
  onOpen,
}: {
  items: TickerNewsItem[] | null;
  /** Opens an item: resolves once the article page is on its way. */
  onOpen: (item: TickerNewsItem) => Promise<void>;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [generating, setGenerating] = useState(false);
  const count = items?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused || generating) return;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % count),
      intervals.newsTickerRotationMs,
    );
    return () => window.clearInterval(timer);
  }, [count, paused, generating]);

  const current = items && count > 0 ? items[index % count] : null;

  async function open() {
    if (!current || generating) return;
    if (!current.articleSlug) setGenerating(true);
    try {
      await onOpen(current);
    } catch (error) {
      // Spec point 8: breaking ticker failures are only logged.
      console.error("Could not open the breaking-news article:", error);
    } finally {
      setGenerating(false);
    }
  }

  return (
    <Box
      component="section"
      aria-label="Breaking news"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 1.5,
        py: 1,
        mb: 3,
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
        minHeight: 48,
      }}
    >
      <Chip
        label="BREAKING"
        size="small"
        sx={{ bgcolor: "error.main", color: "#fff", fontWeight: 800, flexShrink: 0 }}
      />
      {!current ? (
        <Typography variant="body2" color="text.secondary">
          Loading latest breaking crypto news...
        </Typography>
      ) : generating ? (
        <Typography variant="body2" color="primary.main" role="status">
          Generating article...
        </Typography>
      ) : (
        <ButtonBase
          onClick={open}
          data-testid="breaking-news-item"
          data-has-article={current.articleSlug ? "true" : "false"}
          sx={{
            flex: 1,
            minWidth: 0,
            justifyContent: "flex-start",
            textAlign: "left",
            gap: 1,
            borderRadius: 1,
            "&:hover .breaking-title": { color: "primary.main", textDecoration: "underline" },
          }}
        >
          <Typography
            className="breaking-title"
            variant="body2"
            sx={{
              fontWeight: 600,
              overflow: "hidden",
              textOverflow: "ellipsis",
              whiteSpace: "nowrap",
            }}
          >
            {current.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {current.source}
          </Typography>
        </ButtonBase>
      )}
    </Box>
  );
}

/** The ticker with its data: the server's first answer, refreshed every 600 s. */
export function LiveBreakingNewsTicker({ initial }: { initial: NewsTickerResponse | null }) {
  const items = useBreakingNews(initial);
  const navigate = useNavigate();
  async function onOpen(item: TickerNewsItem) {
    const slug = item.articleSlug ?? (await requestArticleFor(item));
    navigate(`/article/${slug}`);
  }
  return <BreakingNewsTicker items={items} onOpen={onOpen} />;
}
