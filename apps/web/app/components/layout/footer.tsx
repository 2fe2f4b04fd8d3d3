import { site } from "@aurumwire/shared/limits";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

const columns = [
  {
    title: "Categories",
    links: [
      { label: "Bitcoin", to: "/category/bitcoin" },
      { label: "Ethereum", to: "/category/ethereum" },
      { label: "DeFi", to: "/category/defi" },
      { label: "NFT", to: "/category/nft" },
      { label: "News", to: "/category/news" },
    ],
  },
  {
    title: "Explore",
    links: [
      { label: "News", to: "/articles" },
      { label: "Markets", to: "/markets" },
      { label: "Analysis", to: "/analysis" },
      { label: "Trending", to: "/trending" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Careers", to: "/careers" },
      { label: "Advertise", to: "/advertise" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Cookie Policy", to: "/cookies" },
      { label: "Disclaimer", to: "/disclaimer" },
    ],
  },
];

export function Footer({ siteName }: { siteName: string }) {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: "divider", bgcolor: "#07070A", mt: 8, py: 6 }}
    >
      <Container maxWidth="xl">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography sx={{ fontWeight: 900, fontSize: 22, color: "primary.main" }}>
              {siteName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 360 }}>
              {site.footerText}
            </Typography>
          </Grid>
          {columns.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 3, md: 2 }}>
              <Typography variant="subtitle2" sx={{ color: "primary.main", mb: 1.5 }}>
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      component={RouterLink}
                      to={link.to}
                      color="text.secondary"
                      underline="hover"
                      variant="body2"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 5 }}>
          © {new Date().getFullYear()} {siteName}. Not financial advice.
        </Typography>
      </Container>
    </Box>
  );
}
