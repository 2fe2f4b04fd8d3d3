import type { ArticleInputParsed } from "@aurumwire/shared/articles";
import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { buildCategoryTree, flattenCategoryTree } from "../../api/admin-categories";
import type { ArticleFormValues } from "./article-form-values";
import { TagsField } from "./tags-field";

/** Category (as an indented tree; inactive ones only when already chosen) and tags. */
export function CategoryPanel(props: { categories: readonly CategoryOutput[] }) {
  const { control, formState } = useFormContext<ArticleFormValues, unknown, ArticleInputParsed>();
  const { errors } = formState;
  const categoryOptions = useMemo(
    () => flattenCategoryTree(buildCategoryTree(props.categories)),
    [props.categories],
  );
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Controller
          name="categoryId"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              select
              label="Category"
              required
              fullWidth
              error={!!errors.categoryId}
              helperText={errors.categoryId?.message}
              onChange={(event) => {
                const value = event.target.value as unknown as number | "";
                field.onChange(value === "" ? "" : Number(value));
              }}
            >
              <MenuItem value="">
                <em>Select a category</em>
              </MenuItem>
              {categoryOptions
                .filter((category) => category.isActive || category.id === field.value)
                .map((category) => (
                  <MenuItem
                    key={category.id}
                    value={category.id}
                    sx={{ pl: 2 + category.depth * 2 }}
                  >
                    {category.name}
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <TagsField value={field.value} onChange={field.onChange} error={errors.tags?.message} />
          )}
        />
      </Stack>
    </Paper>
  );
}
