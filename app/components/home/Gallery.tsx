import classes from "./home.module.css";

/** The home gallery: eight photos from public/images. */
export function Gallery({ images }: { images: { src: string; alt: string }[] }) {
  return (
    <div className={classes.gallery}>
      {images.map((img) => (
        <img
          key={img.src}
          src={img.src}
          alt={img.alt}
          loading="lazy"
          width={640}
          height={427}
          data-testid="gallery-image"
        />
      ))}
    </div>
  );
}
