import { Input, Text } from "@mantine/core";
import { useState } from "react";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import { imageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";
import classes from "./CarForm.module.css";

/**
 * Existing images of a car, 96 px squares. Each has a "remove" checkbox (sent as removeImages);
 * its X is a <label> for that checkbox, so removal works without JavaScript too.
 */
export function ExistingImages({ images, removed: initiallyRemoved = [] }: { images: string[]; removed?: string[] }) {
  const [removed, setRemoved] = useState<string[]>(initiallyRemoved);
  if (images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This car has no photos yet.
      </Text>
    );
  }
  return (
    <ul className={classes.thumbs} aria-label="Current images">
      {images.map((path, i) => {
        const id = `remove-image-${i}`;
        const isRemoved = removed.includes(path);
        return (
          <li key={path} className={classes.thumb}>
            <input
              type="checkbox"
              id={id}
              name="removeImages"
              value={path}
              className={classes.removeBox}
              checked={isRemoved}
              onChange={(e) => setRemoved((r) => (e.target.checked ? [...r, path] : r.filter((p) => p !== path)))}
            />
            <img
              src={imageVariant(path, "thumb")}
              alt={`Current ${i + 1}`}
              width={96}
              height={96}
              onError={(e) => {
                e.currentTarget.src = PLACEHOLDER_IMAGE;
              }}
            />
            <label
              htmlFor={id}
              className={classes.removeLabel}
              title={isRemoved ? "Keep this image" : "Remove this image"}
            >
              <span aria-hidden="true">{isRemoved ? "↺" : "×"}</span>
              <span className="visually-hidden">{isRemoved ? `Keep image ${i + 1}` : `Remove image ${i + 1}`}</span>
            </label>
            <span className={classes.removedTag} aria-hidden="true">
              Removed
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The new-images picker: a native file input (works without JavaScript). With JavaScript it
 * keeps the first ten files and refuses a selection with a non-image or a file over 2 MB.
 */
export function NewImagesInput({ error, label }: { error?: string; label: string }) {
  const [clientError, setClientError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ name: string; size: number }[]>([]);

  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    let files = Array.from(input.files ?? []);
    if (files.some((f) => f.size > MAX_IMAGE_BYTES || !f.type.startsWith("image/"))) {
      setClientError(IMAGE_TOO_LARGE);
      input.value = ""; // a refused selection is not kept
      setPicked([]);
      return;
    }
    if (files.length > MAX_IMAGES_PER_UPLOAD) {
      files = files.slice(0, MAX_IMAGES_PER_UPLOAD); // extras dropped
      const keep = new DataTransfer();
      for (const f of files) keep.items.add(f);
      input.files = keep.files;
    }
    setClientError(null);
    setPicked(files.map((f) => ({ name: f.name, size: f.size })));
  };

  const shown = clientError ?? error;
  return (
    <Input.Wrapper
      label={label}
      description={`Up to ${MAX_IMAGES_PER_UPLOAD} photos at a time, each under 2 MB (JPEG, PNG, WebP, GIF or AVIF).`}
      error={shown}
      id="images"
    >
      <input
        id="images"
        type="file"
        name="images"
        multiple
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className={classes.fileInput}
        onChange={onChange}
        aria-invalid={shown ? true : undefined}
      />
      {shown ? (
        <Text role="alert" size="sm" c="red" mt={4} className="visually-hidden">
          {shown}
        </Text>
      ) : null}
      {picked.length ? (
        <Text size="xs" c="dimmed" mt={6}>
          {picked.length} selected: {picked.map((p) => `${p.name} (${Math.ceil(p.size / 1024)} KB)`).join(", ")}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
