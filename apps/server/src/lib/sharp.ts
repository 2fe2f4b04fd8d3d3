import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (with libvips) is loaded the first time an image is processed, not at start: a server that
 * only reads articles never pays its ~25 MB of resident memory (decision 038).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
