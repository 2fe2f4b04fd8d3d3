import { partnerKindLabels } from "@aurumwire/shared/partners";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Typography from "@mui/material/Typography";
import { usePartners } from "./campaigns-api";

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
      {active.map((partner) => (
        <FormControlLabel
          key={partner.id}
          sx={{ display: "flex" }}
          control={
            <Checkbox
              size="small"
              checked={props.value.includes(partner.id)}
              onChange={(event) =>
                props.onChange(
                  event.target.checked
                    ? [...props.value, partner.id]
                    : props.value.filter((id) => id !== partner.id),
                )
              }
            />
          }
          label={`${partner.name}${partner.isDefault ? " (default)" : ""} · ${partnerKindLabels[partner.kind]} · at most ${partner.maxArticles} per ${partner.windowHours} h`}
        />
      ))}
    </Box>
  );
}
