import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { dashboardPaths } from "../lib/dashboard-paths";

/** The dashboard's way into a new article: the contained button with a plus, to the editor. */
export function NewArticleButton(props: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Button
      component={RouterLink}
      to={dashboardPaths.createArticle}
      variant="contained"
      startIcon={<AddIcon />}
      sx={props.sx}
    >
      {props.children}
    </Button>
  );
}
