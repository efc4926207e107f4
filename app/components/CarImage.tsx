import { useEffect, useRef, useState, type CSSProperties } from "react";
import { imageSrc, imageVariant, type ImageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";

/**
 * A car photo: the resized WebP variant when one exists, the placeholder ('Image not available')
 * when the path is missing or the file fails to load. Lazy unless `eager`.
 */
export function CarImage({
  path,
  alt,
  variant,
  eager = false,
  style,
  className,
  width,
  height,
}: {
  path: string | null | undefined;
  alt: string;
  variant?: ImageVariant;
  eager?: boolean;
  style?: CSSProperties;
  className?: string;
  width?: number;
  height?: number;
}) {
  const src = variant ? imageVariant(path, variant) : imageSrc(path);
  const [failed, setFailed] = useState(!path);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => setFailed(!path), [path]);
  // An image that failed before hydration never fires onError again: check it once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && path) setFailed(true);
  }, [path]);
  return (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={failed ? "Image not available" : alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      width={width}
      height={height}
      onError={() => setFailed(true)}
      className={className}
      style={{ objectFit: "cover", display: "block", background: "#e9edf2", ...style }}
    />
  );
}
