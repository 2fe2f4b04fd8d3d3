import { storedImageSrcSet } from "@aurumwire/shared/media";
import { useEffect, useRef } from "react";
import { placeholderImage } from "./format";

/**
 * An article image that swaps to the local placeholder when it fails to load (spec point 8),
 * including failures that happened before the page hydrated.
 */
export function CoverImage({
  src,
  alt,
  className,
  eager,
  width = 600,
  height = 300,
  sizes,
  priority,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
  width?: number;
  height?: number;
  /** How wide the slot is (the `sizes` attribute): with it, stored images get their srcset. */
  sizes?: string;
  /** The page's main image (the hero): fetched before the other images. */
  priority?: boolean;
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
