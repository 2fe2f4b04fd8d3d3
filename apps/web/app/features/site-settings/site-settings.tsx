import type { HeroDisplayMode } from "@aurumwire/shared/site-settings";
import DashboardCustomizeIcon from "@mui/icons-material/DashboardCustomize";
import ViewCarouselIcon from "@mui/icons-material/ViewCarousel";
import WebAssetIcon from "@mui/icons-material/WebAsset";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect, useState } from "react";
import { useSiteSettings, useUpdateSiteSettings } from "../../api/site-settings";
import { PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api-client";
import { ContactDetailsForm } from "./contact-details-form";
import { SaveRow } from "./save-row";
import { SecuritySettingsForm } from "./security-form";
import { useSettingsSave } from "./use-settings-save";
import { WriterStyleGuideForm } from "./writer-style-guide-form";

const modes: { value: HeroDisplayMode; title: string; description: string; icon: ReactNode }[] = [
  {
    value: "hero",
    title: "Hero Article",
    description: "Single large featured article",
    icon: <WebAssetIcon fontSize="large" />,
  },
  {
    value: "carousel",
    title: "Category Carousel",
    description: "Auto-rotating latest posts from categories",
    icon: <ViewCarouselIcon fontSize="large" />,
  },
  {
    value: "landing",
    title: "Landing Page",
    description: "The alternate landing layout, arranged in the Landing Page Manager",
    icon: <DashboardCustomizeIcon fontSize="large" />,
  },
];

/** Site Settings (admins): how the homepage hero is shown (spec point 2), and the AI writer's style guide. */
export function SiteSettingsScreen() {
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  const [selected, setSelected] = useState<HeroDisplayMode | null>(null);
  const { save, messages } = useSettingsSave();

  useEffect(() => {
    if (settings.data) setSelected(settings.data.heroDisplayMode);
  }, [settings.data]);

  // Spec point 8: a refused answer and a failed connection read differently.
  const loadError = settings.isError
    ? settings.error instanceof ApiError
      ? "Failed to load site settings"
      : "Error loading site settings"
    : null;

  const saveChanges = async () => {
    if (selected) await save(() => update.mutateAsync({ heroDisplayMode: selected }));
  };

  const reset = async () => {
    const result = await settings.refetch();
    if (result.data) setSelected(result.data.heroDisplayMode);
  };

  const current = settings.data?.heroDisplayMode;
  const updatedBy = settings.data?.updatedBy;
  return (
    <Box>
      <PageHeading title="Site Settings" />
      {loadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      )}
      {messages}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          Homepage Display Settings
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Choose what the top of the homepage shows.
        </Typography>
        {settings.isPending && <Typography>Loading...</Typography>}
        <RadioGroup
          value={selected ?? ""}
          onChange={(event) => setSelected(event.target.value as HeroDisplayMode)}
          aria-label="Homepage hero display"
        >
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" },
            }}
          >
            {modes.map((mode) => (
              <Card
                key={mode.value}
                variant="outlined"
                sx={{
                  borderColor: selected === mode.value ? "primary.main" : "divider",
                  borderWidth: 2,
                }}
              >
                {/* The whole card is the radio's label: one control, not a button around a radio. */}
                <CardContent
                  component="label"
                  sx={{
                    display: "flex",
                    gap: 2,
                    alignItems: "flex-start",
                    cursor: "pointer",
                    "&:hover": { bgcolor: "action.hover" },
                  }}
                >
                  <Radio value={mode.value} slotProps={{ input: { "aria-label": mode.title } }} />
                  <Box sx={{ color: "primary.main", mt: 1 }}>{mode.icon}</Box>
                  <Box sx={{ flex: 1 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      <Typography variant="h6" component="h3">
                        {mode.title}
                      </Typography>
                      {current === mode.value && (
                        <Chip label="Current" color="success" size="small" />
                      )}
                    </Stack>
                    <Typography color="text.secondary">{mode.description}</Typography>
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Box>
        </RadioGroup>
        <SaveRow
          updatedAt={settings.data?.updatedAt}
          updatedBy={updatedBy}
          never="never (using the default)"
          marginTop={3}
        >
          <Stack direction="row" spacing={1}>
            <Button onClick={reset} disabled={update.isPending || settings.isFetching}>
              Reset
            </Button>
            <Button
              variant="contained"
              onClick={saveChanges}
              disabled={!selected || update.isPending || settings.isPending}
            >
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </Stack>
        </SaveRow>
      </Paper>
      <ContactDetailsForm />
      <WriterStyleGuideForm />
      <SecuritySettingsForm />
    </Box>
  );
}
