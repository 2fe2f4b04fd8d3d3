import type { CategoryOutput } from "@aurumwire/shared/category-admin";
import AddIcon from "@mui/icons-material/Add";
import CreateNewFolderIcon from "@mui/icons-material/CreateNewFolder";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { SimpleTreeView } from "@mui/x-tree-view/SimpleTreeView";
import { TreeItem } from "@mui/x-tree-view/TreeItem";
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useState } from "react";
import {
  buildCategoryTree,
  type CategoryNode,
  flattenCategoryTree,
  useAdminCategories,
  useDeleteCategory,
} from "../../api/admin-categories";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useFeedback } from "../../components/feedback";
import { PageHeading } from "../../components/page-heading";
import { errorText } from "../../lib/error-text";
import { CategoryFormDialog } from "./category-form-dialog";

function subtreeIds(node: CategoryNode): Set<number> {
  const ids = new Set<number>([node.id]);
  const walk = (list: CategoryNode[]) => {
    for (const child of list) {
      ids.add(child.id);
      walk(child.children);
    }
  };
  walk(node.children);
  return ids;
}

/** Keeps clicks and keys on the row's buttons from also toggling or selecting the tree item. */
const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

type Editing = { category: CategoryOutput | null; parentId: number | null } | null;

/** Category Management (editors and admins): the categories as a tree with create, edit, delete. */
export function CategoryManagement() {
  const feedback = useFeedback();
  const categories = useAdminCategories();
  const deleteCategory = useDeleteCategory();
  const tree = useMemo(() => buildCategoryTree(categories.data ?? []), [categories.data]);
  const flat = useMemo(() => flattenCategoryTree(tree), [tree]);
  const nodesById = useMemo(() => new Map(flat.map((node) => [node.id, node])), [flat]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [expandedOnce, setExpandedOnce] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<CategoryNode | null>(null);
  const [moveArticlesTo, setMoveArticlesTo] = useState<number | "">("");
  const [moveChildrenTo, setMoveChildrenTo] = useState<number | "root" | "">("");

  // Open every branch the first time the tree arrives.
  useEffect(() => {
    if (expandedOnce || flat.length === 0) return;
    setExpanded(flat.filter((node) => node.children.length > 0).map((node) => String(node.id)));
    setExpandedOnce(true);
  }, [flat, expandedOnce]);

  const openDelete = (node: CategoryNode) => {
    setMoveArticlesTo("");
    setMoveChildrenTo(node.children.length > 0 ? "root" : "");
    setToDelete(node);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteCategory.mutateAsync({
        id: toDelete.id,
        moveArticlesTo: moveArticlesTo === "" ? undefined : moveArticlesTo,
        moveChildrenTo: moveChildrenTo === "" ? undefined : moveChildrenTo,
      });
      feedback.show("success", "Category deleted successfully");
      setToDelete(null);
    } catch (caught) {
      feedback.show("error", errorText("Failed to delete category", caught));
    }
  };

  const renderNode = (node: CategoryNode) => (
    <TreeItem
      key={node.id}
      itemId={String(node.id)}
      label={
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: "center", py: 0.75, pr: 1, minWidth: 0 }}
        >
          <Box
            aria-hidden
            sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: node.color, flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {node.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              /{node.slug}
              {node.description ? ` · ${node.description}` : ""}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={`${node.articleCount} ${node.articleCount === 1 ? "article" : "articles"}`}
          />
          {!node.isActive && <Chip size="small" label="Inactive" color="warning" />}
          <Tooltip title="Add subcategory">
            <IconButton
              size="small"
              aria-label={`Add a subcategory to ${node.name}`}
              onClick={(event) => {
                stop(event);
                setEditing({ category: null, parentId: node.id });
              }}
              onKeyDown={stop}
            >
              <CreateNewFolderIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit ${node.name}`}
              onClick={(event) => {
                stop(event);
                setEditing({ category: node, parentId: node.parentId });
              }}
              onKeyDown={stop}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${node.name}`}
              onClick={(event) => {
                stop(event);
                openDelete(node);
              }}
              onKeyDown={stop}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      }
    >
      {node.children.map(renderNode)}
    </TreeItem>
  );

  const deleteSubtree = toDelete ? subtreeIds(toDelete) : new Set<number>();
  const needsArticleTarget = !!toDelete && toDelete.articleCount > 0;
  const needsChildTarget = !!toDelete && toDelete.children.length > 0;
  const editingNode = editing?.category ? nodesById.get(editing.category.id) : undefined;

  return (
    <Box>
      <PageHeading title="Category Management" subtitle="Organise the site's categories as a tree.">
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => setEditing({ category: null, parentId: null })}
        >
          New Category
        </Button>
      </PageHeading>
      {categories.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to load categories
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 1 }}>
        {categories.isPending && <Typography sx={{ p: 2 }}>Loading categories...</Typography>}
        {categories.isSuccess && flat.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No categories yet. Create the first one.
          </Typography>
        )}
        {flat.length > 0 && (
          <SimpleTreeView
            aria-label="Categories"
            expandedItems={expanded}
            onExpandedItemsChange={(_event, items) => setExpanded(items)}
            expansionTrigger="iconContainer"
          >
            {tree.map(renderNode)}
          </SimpleTreeView>
        )}
      </Paper>

      <CategoryFormDialog
        open={!!editing}
        category={editing?.category ?? null}
        parentId={editing?.parentId ?? null}
        options={flat}
        excludedParents={editingNode ? subtreeIds(editingNode) : new Set()}
        onClose={() => setEditing(null)}
        onSaved={(_category, created) => {
          setEditing(null);
          feedback.show(
            "success",
            created ? "Category created successfully" : "Category updated successfully",
          );
        }}
      />

      <ConfirmDialog
        open={!!toDelete}
        title="Delete category"
        message={`Are you sure you want to delete "${toDelete?.name ?? ""}"? This action cannot be undone.`}
        busy={deleteCategory.isPending}
        confirmDisabled={
          (needsArticleTarget && moveArticlesTo === "") ||
          (needsChildTarget && moveChildrenTo === "")
        }
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {needsArticleTarget && (
          <TextField
            select
            fullWidth
            sx={{ mt: 2 }}
            label={`Move its ${toDelete?.articleCount} article${toDelete?.articleCount === 1 ? "" : "s"} to`}
            value={moveArticlesTo}
            onChange={(event) => setMoveArticlesTo(Number(event.target.value))}
          >
            {flat
              .filter((node) => node.id !== toDelete?.id)
              .map((node) => (
                <MenuItem key={node.id} value={node.id} sx={{ pl: 2 + node.depth * 2 }}>
                  {node.name}
                </MenuItem>
              ))}
          </TextField>
        )}
        {needsChildTarget && (
          <TextField
            select
            fullWidth
            sx={{ mt: 2 }}
            label="Move its subcategories to"
            value={moveChildrenTo}
            onChange={(event) => {
              const value = event.target.value;
              setMoveChildrenTo(value === "root" ? "root" : Number(value));
            }}
          >
            <MenuItem value="root">Top level</MenuItem>
            {flat
              .filter((node) => !deleteSubtree.has(node.id))
              .map((node) => (
                <MenuItem key={node.id} value={node.id} sx={{ pl: 2 + node.depth * 2 }}>
                  {node.name}
                </MenuItem>
              ))}
          </TextField>
        )}
      </ConfirmDialog>
      {feedback.element}
    </Box>
  );
}
