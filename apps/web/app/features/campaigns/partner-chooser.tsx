import { partnerKindLabels } from "@aurumwire/shared/partners";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { usePartners } from "../../api/campaigns";
import { IdChoices } from "./id-choices";

/**
 * Which partners a campaign goes to (issue 28): one or several, each under its own compliance
 * rule. None chosen: the default partner.
 */
export function PartnerChooser(props: {
  base: string;
  enabled: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const partners = usePartners(props.base, props.enabled);
  const active = (partners.data ?? []).filter((partner) => partner.isActive);
  if (active.length < 2) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Typography component="legend" variant="subtitle2">
        Partners
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each partner gets the articles under its own rule. None chosen: the default partner.
      </Typography>
      <IdChoices
        items={active.map((partner) => ({
          id: partner.id,
          label: `${partner.name}${partner.isDefault ? " (default)" : ""} · ${partnerKindLabels[partner.kind]} · at most ${partner.maxArticles} per ${partner.windowHours} h`,
        }))}
        value={props.value}
        onChange={props.onChange}
      />
    </Box>
  );
}

/** The review's word on where a campaign goes when partners were chosen: each under its own rule. */
export function ChosenPartners(props: { base: string; ids: number[] }) {
  const partners = usePartners(props.base);
  const chosen = (partners.data ?? []).filter((partner) => props.ids.includes(partner.id));
  if (chosen.length === 0) return null;
  const rules = chosen.map(
    (partner) =>
      `${partner.name} (at most ${partner.maxArticles} new articles per ${partner.windowHours} hours)`,
  );
  return (
    <Alert severity="info">
      Articles are syndicated to {rules.join(" and ")}. Each partner gets what its rule allows at
      once; the rest are queued and sent when its window opens.
    </Alert>
  );
}
