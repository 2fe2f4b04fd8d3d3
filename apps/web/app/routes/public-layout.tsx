import { sampleTickerCoins } from "@aurumwire/shared/market-sample";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import { useEffect } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { Footer } from "../components/layout/footer";
import { Header } from "../components/layout/header";
import { PriceTickerBar } from "../components/layout/price-ticker-bar";
import type { loader as rootLoader } from "../root";

/** Spec: the page scrolls to top on each route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function PublicLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteName = root?.siteName ?? "AurumWire";
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <ScrollToTop />
      <PriceTickerBar coins={sampleTickerCoins} sample />
      <Header siteName={siteName} />
      <Container component="main" maxWidth="xl" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
      <Footer siteName={siteName} />
    </Box>
  );
}
