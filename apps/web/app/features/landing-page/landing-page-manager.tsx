import type {
  LandingChart,
  LandingFeatured,
  LandingPageContent,
} from "@aurumwire/shared/landing-page";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useLandingConfiguration } from "../../api/landing-page";
import { useFeedback } from "../../components/feedback";
import { PageHeading } from "../../components/page-heading";
import { ChartsTab } from "./charts-tab";
import type { LandingDraft } from "./compose-landing-page";
import { EditorTab } from "./editor-tab";
import { FeaturedTab } from "./featured-tab";
import { SectionsTab } from "./sections-tab";

const tabs = ["Page Sections", "Featured Content", "Custom Charts", "Landing Page Editor"] as const;

/**
 * The Landing Page Manager (spec point 2; decision 120): four tabs and a Preview toggle that shows
 * the page as readers will see it with the unsaved changes of every tab. The preview itself is
 * handed in by the route, which composes the other features' cards.
 */
export function LandingPageManager({
  renderPreview,
}: {
  renderPreview: (draft: LandingDraft) => ReactNode;
}) {
  const configuration = useLandingConfiguration();
  const feedback = useFeedback();
  const [tab, setTab] = useState(0);
  const [preview, setPreview] = useState(false);
  const [content, setContent] = useState<LandingPageContent | null>(null);
  const [featured, setFeatured] = useState<LandingFeatured | null>(null);
  const [charts, setCharts] = useState<LandingChart[] | null>(null);
  const notify = feedback.show;
  const onContentDraft = useCallback((next: LandingPageContent) => setContent(next), []);

  const data = configuration.data;
  const draft: LandingDraft | null = useMemo(
    () =>
      data
        ? {
            sections: data.sections,
            content: content ?? data.content,
            featured: featured ?? data.featured,
            charts: charts ?? data.charts,
          }
        : null,
    [data, content, featured, charts],
  );

  return (
    <Box>
      <PageHeading
        title="Landing Page Manager"
        subtitle="Arrange the alternate landing layout readers see at /landing (and on the homepage when Site Settings chooses it)."
      />
      <Stack direction="row" sx={{ mb: 2, gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <FormControlLabel
          control={
            <Switch checked={preview} onChange={(event) => setPreview(event.target.checked)} />
          }
          label="Preview"
        />
        <Button href="/landing" target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
          View live page
        </Button>
      </Stack>
      {configuration.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load the landing page. Please refresh and try again.
        </Alert>
      )}
      {configuration.isPending && <Typography>Loading...</Typography>}
      {draft && preview && (
        <Paper variant="outlined" sx={{ overflow: "hidden" }} data-testid="landing-preview">
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            Page sections are saved as you change them; the preview also shows Featured Content,
            Custom Charts and Landing Page Editor changes you have not saved yet. Links in the
            preview open the live site.
          </Alert>
          {renderPreview(draft)}
        </Paper>
      )}
      {data && (
        <Box sx={{ display: preview ? "none" : undefined }}>
          <Tabs
            value={tab}
            onChange={(_event, next: number) => setTab(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Landing page parts"
            sx={{ mb: 3, borderBottom: 1, borderColor: "divider" }}
          >
            {tabs.map((label) => (
              <Tab key={label} label={label} />
            ))}
          </Tabs>
          {/* Every tab stays mounted, so unsaved changes survive a look at another tab. */}
          <Box hidden={tab !== 0}>
            <SectionsTab sections={data.sections} notify={notify} />
          </Box>
          <Box hidden={tab !== 1}>
            <FeaturedTab featured={data.featured} notify={notify} onDraftChange={setFeatured} />
          </Box>
          <Box hidden={tab !== 2}>
            <ChartsTab charts={data.charts} notify={notify} onDraftChange={setCharts} />
          </Box>
          <Box hidden={tab !== 3}>
            <EditorTab
              content={data.content}
              notify={notify}
              onDraftChange={onContentDraft}
              onPreview={() => setPreview(true)}
            />
          </Box>
        </Box>
      )}
      {feedback.element}
    </Box>
  );
}
