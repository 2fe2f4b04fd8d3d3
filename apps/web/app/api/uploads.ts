import type { UploadResponse } from "@aurumwire/shared/media";
import { api } from "../lib/api-client";

/** POST /api/articles/upload with the file in the multipart field `image` (spec point 7). */
export function uploadArticleImage(file: File, purpose: "cover" | "inline" = "cover") {
  const form = new FormData();
  form.append("image", file);
  return api.post<UploadResponse>(`/articles/upload?purpose=${purpose}`, form);
}
