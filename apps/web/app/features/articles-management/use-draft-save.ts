import { imageMessages, imageProviderLabels } from "@aurumwire/shared/ai-images";
import { type GenerateArticleResponse, generatorMessages } from "@aurumwire/shared/ai-writer";
import { intervals } from "@aurumwire/shared/limits";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { generateArticleImage } from "../../api/ai-images";
import { useSaveGeneratedDraft } from "../../api/ai-writer";
import { messageOf } from "../../lib/error-text";
import type { ShowFeedback } from "./use-generation";

/**
 * 'Save as Draft & Edit': the preview saved as a draft (one per generation, however often it is
 * pressed), a featured image drawn when asked for, then the editor opens.
 */
export function useDraftSave(show: ShowFeedback) {
  const navigate = useNavigate();
  const saveDraft = useSaveGeneratedDraft();
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  // Set at once on the first click (React state would let a second click 20 ms later through);
  // the server also makes one draft per generation.
  const saving = useRef(false);

  const save = async (
    result: GenerateArticleResponse | null,
    categoryId: number | "",
    withImage: boolean,
  ) => {
    if (saving.current) return;
    if (!result?.article.content) {
      show("error", generatorMessages.noContent);
      return;
    }
    if (!categoryId) {
      show("error", generatorMessages.noCategory);
      return;
    }
    const { article, generation } = result;
    saving.current = true;
    try {
      const saved = await saveDraft.mutateAsync({
        generationId: generation.id,
        body: {
          title: article.title,
          excerpt: article.excerpt,
          content: article.content,
          categoryId,
          tags: article.tags,
          metaTitle: article.metaTitle,
          metaDescription: article.metaDescription,
          featuredImage: article.featuredImage,
        },
      });
      const id = saved?.article?.id;
      if (!id) {
        show("error", generatorMessages.invalidResponse);
        return;
      }
      show("success", generatorMessages.saved);
      // 'Generate a featured image': the saved draft gets one before the editor opens, so the
      // editor's form starts from the stored image. A failure keeps the draft and says why.
      if (withImage) {
        show("info", "Draft saved. Generating the featured image...");
        try {
          const image = await generateArticleImage(id);
          show(
            "success",
            image.aiGenerated
              ? `${generatorMessages.saved} Featured image by ${imageProviderLabels[image.provider]}.`
              : `${generatorMessages.saved} No AI image service is configured: a branded cover (not AI) was drawn.`,
          );
        } catch (caught) {
          show(
            "error",
            `Draft saved, but the image failed: ${messageOf(caught, imageMessages.failed)}`,
          );
        }
      }
      redirectTimer.current = window.setTimeout(
        () => navigate(`/dashboard/articles/${id}/edit`),
        intervals.redirectAfterSaveMs,
      );
    } catch (caught) {
      show("error", generatorMessages.saveFailed(messageOf(caught, "Unknown error")));
      saving.current = false;
    }
  };

  return { save, disabled: saveDraft.isPending || saveDraft.isSuccess };
}
