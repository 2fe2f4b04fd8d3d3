import { type ArticleInputParsed, htmlTextLength } from "@aurumwire/shared/articles";
import VisibilityIcon from "@mui/icons-material/Visibility";
import Button from "@mui/material/Button";
import { type Control, useWatch } from "react-hook-form";
import type { ArticleFormValues } from "./article-form-values";

/**
 * "Preview", enabled once the article has a title and a body. It reads the two fields with
 * `useWatch`, so a keystroke re-renders this button, not the whole editor (issue 35, decision
 * 301: `watch` at the form's root redrew every panel on each key).
 */
export function PreviewButton(props: {
  control: Control<ArticleFormValues, unknown, ArticleInputParsed>;
  onOpen: () => void;
}) {
  const [title, content] = useWatch({ control: props.control, name: ["title", "content"] });
  return (
    <Button
      variant="outlined"
      startIcon={<VisibilityIcon />}
      disabled={!title.trim() || htmlTextLength(content) === 0}
      onClick={props.onOpen}
    >
      Preview
    </Button>
  );
}
