import { type WebsiteImage, websiteImageSrcSet, websiteImageUrl } from '@app/shared';
import type { CSSProperties } from 'react';

type ResponsivePictureProps = {
  image: WebsiteImage;
  alt: string;
  /** How wide the picture is drawn, for the browser's choice of size (the `sizes` attribute). */
  sizes: string;
  /** Photos below the fold wait until they are scrolled near; none ever holds up the first paint. */
  eager?: boolean;
  /** The page's largest paint (the home page's cover): fetched before anything else, never lazily. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
};

/** AVIF, then WebP, then JPEG; width and height set so the page keeps its place while the photo arrives. */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  eager = false,
  priority = false,
  className,
  style,
}: ResponsivePictureProps) {
  const fallback = image.widths.find((w) => w >= 960) ?? image.widths.at(-1) ?? image.width;
  return (
    <picture>
      <source type="image/avif" srcSet={websiteImageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={websiteImageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={websiteImageUrl(image.id, fallback, 'jpeg')}
        srcSet={websiteImageSrcSet(image, 'jpeg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager || priority ? 'eager' : 'lazy'}
        {...(priority && { fetchPriority: 'high' as const })}
        decoding="async"
        className={className}
        style={{ display: 'block', maxWidth: '100%', height: 'auto', ...style }}
      />
    </picture>
  );
}
