import { storedImageSrcSet } from "@aurumwire/shared/image-widths";
import { useEffect, useRef } from "react";
import { placeholderImage } from "./format";

/**
 * An article image that swaps to the local placeholder when it fails to load (spec point 8),
 * including failures that happened before the page hydrated. `priority` marks the page's largest
 * image in the first screen (its LCP element, decision 150): loaded at once with high priority,
 * and React's server render preloads it from <head> (with its srcset, when it has one).
 */
export function CoverImage({
  src,
  alt,
  className,
  eager,
  priority,
  width = 600,
  height = 300,
  sizes,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
  width?: number;
  height?: number;
  /** How wide the slot is (the `sizes` attribute): with it, stored images get their srcset. */
  sizes?: string;
}) {
  const srcSet = sizes ? storedImageSrcSet(src) : null;
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && !image.src.endsWith(placeholderImage)) {
      image.removeAttribute("srcset");
      image.src = placeholderImage;
    }
  }, []);
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(placeholderImage)) {
          // A missing width must not bring the broken one back: the srcset goes with it.
          image.removeAttribute("srcset");
          image.src = placeholderImage;
        }
      }}
    />
  );
}
