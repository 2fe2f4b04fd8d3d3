import Typography from "@mui/material/Typography";

export default function Home() {
  return <Typography variant="h1">AurumWire</Typography>;
}
