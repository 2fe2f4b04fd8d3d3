import {
  changeDirection,
  formatChange,
  formatCompactUsd,
  formatTickerPrice,
} from "@aurumwire/shared/format";
import type { MarketsTableData } from "@aurumwire/shared/market";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { withMuiTheme } from "../../components/mui-theme";
import { MarketDataSourceNote } from "./market-source-note";
import { useMarketsTable } from "./use-market-data";

const changeColor = { up: "success.main", down: "error.main", flat: "text.secondary" } as const;

/** The /markets 'Live Cryptocurrency Prices' table; missing numbers read N/A. */
export function MarketsTable({ data }: { data: MarketsTableData }) {
  const sample = data.source === "sample";
  return (
    <Box component="section" aria-labelledby="markets-table-heading">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", mb: 0.5 }}>
        <Typography id="markets-table-heading" variant="h5" component="h2">
          Live Cryptocurrency Prices
        </Typography>
        {sample && <Chip label="Sample data" size="small" color="warning" variant="outlined" />}
      </Stack>
      <MarketDataSourceNote source={data.source} updatedAt={data.updatedAt} />
      <Typography
        id="markets-table-scroll-hint"
        variant="body2"
        color="text.secondary"
        sx={{ display: { xs: "block", md: "none" }, mt: 1 }}
      >
        Swipe the table sideways for market cap and volume →
      </Typography>
      {/* A scroll region keyboard users can reach and scroll with the arrow keys. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label="Cryptocurrency prices"
        aria-describedby="markets-table-scroll-hint"
        sx={{ mt: 1.5, "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" } }}
      >
        <Table size="small" aria-labelledby="markets-table-heading">
          <TableHead>
            <TableRow>
              <TableCell>Asset</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">24h Change</TableCell>
              <TableCell align="right">Market Cap</TableCell>
              <TableCell align="right">Volume</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.assets.map((asset) => (
              <TableRow key={asset.symbol} hover>
                <TableCell component="th" scope="row">
                  <Box component="strong" sx={{ color: "primary.main", mr: 1 }}>
                    {asset.symbol}
                  </Box>
                  {asset.name}
                </TableCell>
                <TableCell align="right">{formatTickerPrice(asset.price)}</TableCell>
                <TableCell
                  align="right"
                  sx={{ color: changeColor[changeDirection(asset.change)], fontWeight: 600 }}
                >
                  {formatChange(asset.change)}
                </TableCell>
                <TableCell align="right">{formatCompactUsd(asset.marketCap)}</TableCell>
                <TableCell align="right">{formatCompactUsd(asset.volume)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** The markets table with its data: the server's first answer, refreshed with the prices. */
function MarketsTableWithData({ initial }: { initial: MarketsTableData | null }) {
  const data = useMarketsTable(initial);
  if (!data) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Loading live crypto prices...
      </Typography>
    );
  }
  return <MarketsTable data={data} />;
}

/** The table with its data, refreshed with the prices; MUI, so with its theme (decision 150). */
export const LiveMarketsTable = withMuiTheme(MarketsTableWithData);
