import type { AppConfig } from "./config";
import { createOpenAiImagesProvider } from "./modules/ai-images/openai-images-provider";
import { createStableDiffusionProvider } from "./modules/ai-images/stable-diffusion-provider";
import { createOllamaProvider } from "./modules/ai-writer/ollama-provider";
import { createOpenAiProvider } from "./modules/ai-writer/openai-provider";
import type { ChatProvider } from "./modules/ai-writer/provider";

/** Which outside AI services the configuration names, as the providers the AI modules call. */

/** The AI writer's model: Ollama when OLLAMA_URL is set, else an OpenAI-compatible API, else none. */
export function createChatProvider(config: AppConfig): ChatProvider | null {
  const { ai } = config;
  if (ai.ollamaUrl) return createOllamaProvider({ baseUrl: ai.ollamaUrl, model: ai.ollamaModel });
  if (ai.openaiBaseUrl && ai.openaiApiKey) {
    return createOpenAiProvider({
      baseUrl: ai.openaiBaseUrl,
      apiKey: ai.openaiApiKey,
      model: ai.openaiModel,
    });
  }
  return null;
}

/** The image services that are configured (AUTOMATIC1111 with SD_URL, DALL-E 3 with the key). */
export function createImageProviders(config: AppConfig) {
  return {
    "stable-diffusion": config.ai.stableDiffusionUrl
      ? createStableDiffusionProvider({ baseUrl: config.ai.stableDiffusionUrl })
      : null,
    // DALL-E needs only the key: the base URL defaults to OpenAI's own.
    dalle: config.ai.openaiApiKey
      ? createOpenAiImagesProvider({
          baseUrl: config.ai.openaiBaseUrl ?? "https://api.openai.com/v1",
          apiKey: config.ai.openaiApiKey,
          quality: config.ai.dalleQuality,
        })
      : null,
  };
}
