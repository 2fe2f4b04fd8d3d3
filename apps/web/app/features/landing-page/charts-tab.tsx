import {
  type LandingChart,
  landingChartDescription,
  landingChartMetricLabels,
  landingChartMetrics,
  landingChartPeriodLabels,
  landingChartPeriods,
} from "@aurumwire/shared/landing-page";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useSaveLandingCharts, useTrackedCoins } from "../../api/landing-page";
import type { Notify } from "../../components/feedback";
import { SelectField } from "../../components/form/select-field";
import { errorText } from "../../lib/error-text";

/**
 * Custom Charts: charts of our market data comparing coins on one metric (price, change, market
 * cap or volume), either the latest figures (a bar per coin) or over a period of the price history
 * (a line per coin, decision 125), shown by the page's Custom Charts section.
 */
export function ChartsTab({
  charts,
  notify,
  onDraftChange,
}: {
  charts: LandingChart[];
  notify: Notify;
  onDraftChange: (charts: LandingChart[]) => void;
}) {
  const save = useSaveLandingCharts();
  const coins = useTrackedCoins();
  const [edited, setEdited] = useState<LandingChart[] | null>(null);
  const draft = edited ?? charts;
  const [title, setTitle] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [metric, setMetric] = useState<LandingChart["metric"]>("price");
  const [period, setPeriod] = useState<LandingChart["period"]>("latest");
  const change = (next: LandingChart[]) => {
    setEdited(next);
    onDraftChange(next);
  };

  function addChart() {
    change([
      ...draft,
      {
        id: `chart-${Date.now().toString(36)}`,
        title: title.trim(),
        coins: picked,
        metric,
        period,
      },
    ]);
    setTitle("");
    setPicked([]);
  }

  async function submit() {
    try {
      await save.mutateAsync(draft);
      setEdited(null);
      notify("success", "Charts saved");
    } catch (caught) {
      console.error("landing charts save failed", caught);
      notify("error", errorText("Failed to save the charts", caught));
    }
  }

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">
        Charts appear where the page has an active Custom Charts section (add one under Page
        Sections). 'Latest' draws a bar per coin of the current figures; a period draws a line per
        coin from the price history, which builds up while the live market feed is connected.
      </Typography>
      {draft.length === 0 ? (
        <Typography>No charts yet.</Typography>
      ) : (
        <Stack spacing={1} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {draft.map((chart) => (
            <Paper
              key={chart.id}
              component="li"
              variant="outlined"
              sx={{ p: 1.5, display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}
            >
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{chart.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {landingChartDescription(chart)}: {chart.coins.join(", ")}
                </Typography>
              </Box>
              <IconButton
                aria-label={`Delete chart ${chart.title}`}
                onClick={() => change(draft.filter((other) => other.id !== chart.id))}
              >
                <DeleteIcon />
              </IconButton>
            </Paper>
          ))}
        </Stack>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          New chart
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "1fr 1fr 210px 150px" },
          }}
        >
          <TextField
            label="Chart title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Autocomplete
            multiple
            options={coins.data ?? []}
            value={picked}
            onChange={(_event, value) => setPicked(value.slice(0, 12))}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={option} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => <TextField {...params} label="Coins" />}
          />
          <SelectField
            label="Metric"
            value={metric}
            onChange={setMetric}
            options={landingChartMetrics.map((option) => ({
              value: option,
              label:
                option === "change" && period !== "latest"
                  ? "Change (%)"
                  : landingChartMetricLabels[option],
            }))}
          />
          <SelectField
            label="Period"
            value={period}
            onChange={setPeriod}
            options={landingChartPeriods.map((option) => ({
              value: option,
              label: landingChartPeriodLabels[option],
            }))}
          />
        </Box>
        <Button
          sx={{ mt: 2 }}
          startIcon={<AddIcon />}
          onClick={addChart}
          disabled={!title.trim() || picked.length === 0 || draft.length >= 8}
        >
          Add Chart
        </Button>
      </Paper>
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending || edited === null}>
          Save Charts
        </Button>
      </Box>
    </Stack>
  );
}
