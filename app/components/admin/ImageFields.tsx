import { ActionIcon, Badge, Button, Group, Input, Text } from "@mantine/core";
import { type DragEvent, type MutableRefObject, useEffect, useRef, useState } from "react";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD } from "~/config/constants";
import { IMAGE_TOO_LARGE } from "~/config/messages";
import { imageVariant, PLACEHOLDER_IMAGE } from "~/lib/images";
import { movePhoto, type PhotoMove } from "~/lib/photo-order";
import { resizePhoto } from "~/lib/resize-photo";
import { useHydrated } from "~/lib/use-hydrated";
import classes from "./CarForm.module.css";

/**
 * The car's photos. Without JavaScript: the current photos in order, each with move up/down,
 * "Make cover" (submit buttons the edit page answers with the new order, nothing saved) and a
 * remove checkbox; new photos from a native file input, each under 2 MB. With JavaScript: new
 * photos are resized in the browser, shown as thumbnails, and every photo can be dragged, moved
 * or removed; the form sends them in this order (the first is the cover).
 */

type Photo =
  | { key: string; kind: "current"; path: string }
  | { key: string; kind: "new"; name: string; size: number; blob: Blob | null; url: string | null; failed?: boolean };

/** What the form's upload takes from the photos: the new files in order, and whether any is still being resized. */
export interface PhotoUpload {
  files: () => File[];
  busy: () => boolean;
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

function MoveButtons({ name, first, last, value }: { name: string; first: boolean; last: boolean; value: string }) {
  // Submit buttons without JavaScript (the edit page moves and shows the form again).
  return (
    <div className={classes.moves}>
      <button
        type="submit"
        name="move"
        value={`up:${value}`}
        formNoValidate
        disabled={first}
        aria-label={`Move ${name} up`}
      >
        ↑
      </button>
      <button
        type="submit"
        name="move"
        value={`down:${value}`}
        formNoValidate
        disabled={last}
        aria-label={`Move ${name} down`}
      >
        ↓
      </button>
      {first ? null : (
        <button type="submit" name="move" value={`cover:${value}`} formNoValidate className={classes.coverButton}>
          Make cover
        </button>
      )}
    </div>
  );
}

/** Server-rendered (and without JavaScript): the current photos as a list with plain controls. */
function StaticPhotos({ images, removed }: { images: string[]; removed: string[] }) {
  if (images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This car has no photos yet.
      </Text>
    );
  }
  return (
    <ol className={classes.photoList} aria-label="Current photos">
      {images.map((path, i) => (
        <li key={path} className={classes.photo} data-photo={path}>
          <input type="hidden" name="imageOrder" value={path} />
          <img src={imageVariant(path, "thumb")} alt={i === 0 ? "Cover" : `Number ${i + 1}`} width={96} height={96} />
          <div className={classes.photoBody}>
            {i === 0 ? <Badge size="sm">Cover</Badge> : <Text size="xs">Photo {i + 1}</Text>}
            <MoveButtons name={`photo ${i + 1}`} first={i === 0} last={i === images.length - 1} value={path} />
            <label className={classes.removeCheck}>
              <input type="checkbox" name="removeImages" value={path} defaultChecked={removed.includes(path)} /> Remove
            </label>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function PhotoFields({
  existing,
  removed: initiallyRemoved,
  error,
  upload,
  onTooLarge,
}: {
  existing: string[];
  removed: string[];
  error?: string;
  upload: MutableRefObject<PhotoUpload | null>;
  onTooLarge?: (message: string | null) => void;
}) {
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState<Photo[]>(() =>
    existing.filter((p) => !initiallyRemoved.includes(p)).map((path) => ({ key: path, kind: "current", path })),
  );
  const [removed, setRemoved] = useState<string[]>(initiallyRemoved);
  const [clientError, setClientError] = useState<string | null>(null);
  const dragKey = useRef<string | null>(null);
  const counter = useRef(0);
  const latest = useRef(photos);
  latest.current = photos;

  upload.current = {
    files: () =>
      latest.current.flatMap((p) =>
        p.kind === "new" && p.blob
          ? [new File([p.blob], `${p.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" })]
          : [],
      ),
    busy: () => latest.current.some((p) => p.kind === "new" && !p.blob && !p.failed),
  };

  useEffect(
    () => () => {
      for (const p of latest.current) if (p.kind === "new" && p.url) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const update = (key: string, patch: Partial<Photo>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? ({ ...p, ...patch } as Photo) : p)));

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const room = MAX_IMAGES_PER_UPLOAD - latest.current.filter((p) => p.kind === "new").length;
    const chosen = Array.from(input.files ?? []).slice(0, Math.max(0, room));
    input.value = "";
    const added: Photo[] = chosen.map((f) => ({
      key: `new-${++counter.current}`,
      kind: "new",
      name: f.name,
      size: f.size,
      blob: null,
      url: null,
    }));
    setPhotos((list) => [...list, ...added]);
    setClientError(null);
    onTooLarge?.(null);
    const prepare = async (file: File, key: string) => {
      // A small GIF keeps its animation; everything else is resized (a photo that cannot be read is refused).
      const small = file.type === "image/gif" && file.size <= MAX_IMAGE_BYTES;
      // One the browser cannot read is sent as it is when it fits (the server checks it), else refused by name.
      const blob = (small ? file : await resizePhoto(file)) ?? (file.size <= MAX_IMAGE_BYTES ? file : null);
      if (!blob) {
        update(key, { failed: true });
        const message = `${IMAGE_TOO_LARGE}: ${file.name} (this browser could not resize it)`;
        setClientError(message);
        onTooLarge?.(message);
        return;
      }
      update(key, { blob, url: URL.createObjectURL(blob), size: blob.size });
    };
    chosen.forEach((file, i) => {
      void prepare(file, added[i].key);
    });
  };

  const move = (key: string, how: PhotoMove) =>
    setPhotos((list) => {
      const keys = movePhoto(
        list.map((p) => p.key),
        key,
        how,
      );
      return keys.map((k) => list.find((p) => p.key === k) as Photo);
    });
  const remove = (photo: Photo) => {
    setPhotos((list) => list.filter((p) => p.key !== photo.key));
    if (photo.kind === "current") setRemoved((r) => [...r, photo.path]);
    else if (photo.url) URL.revokeObjectURL(photo.url);
  };
  const onDrop = (e: DragEvent, target: string) => {
    e.preventDefault();
    const from = dragKey.current;
    dragKey.current = null;
    if (!from || from === target) return;
    setPhotos((list) => {
      const moving = list.find((p) => p.key === from) as Photo;
      const rest = list.filter((p) => p.key !== from);
      rest.splice(
        rest.findIndex((p) => p.key === target) +
          (list.findIndex((p) => p.key === from) < list.findIndex((p) => p.key === target) ? 1 : 0),
        0,
        moving,
      );
      return rest;
    });
  };

  const shown = clientError ?? error;
  const description = hydrated
    ? `Up to ${MAX_IMAGES_PER_UPLOAD} new photos at a time, straight from the camera: they are resized before ` +
      "upload. Drag or use the arrows to order them; the first is the cover."
    : `Up to ${MAX_IMAGES_PER_UPLOAD} photos at a time, each under 2 MB (JPEG, PNG, WebP, GIF or AVIF).`;
  let newIndex = 0;
  return (
    <Input.Wrapper description={description} error={shown} id="field-images">
      {hydrated ? (
        <>
          {photos.length ? (
            <ol className={classes.photoList} aria-label="Photos in order">
              {photos.map((p, i) => {
                const label = p.kind === "new" ? p.name : `photo ${i + 1}`;
                const order = p.kind === "current" ? p.path : `new:${newIndex++}`;
                const src = p.kind === "current" ? imageVariant(p.path, "thumb") : p.url;
                return (
                  <li
                    key={p.key}
                    className={classes.photo}
                    draggable
                    onDragStart={() => {
                      dragKey.current = p.key;
                    }}
                    onDragOver={(e) => e.preventDefault()}
                    onDrop={(e) => onDrop(e, p.key)}
                    data-photo={p.kind === "new" ? p.name : p.path}
                  >
                    <input type="hidden" name="imageOrder" value={order} />
                    {src ? (
                      <img
                        src={src}
                        alt={i === 0 ? "Cover" : `Number ${i + 1}`}
                        width={96}
                        height={96}
                        onError={(e) => {
                          e.currentTarget.src = PLACEHOLDER_IMAGE;
                        }}
                      />
                    ) : (
                      <div className={classes.photoPending}>
                        {p.kind === "new" && p.failed ? "Not a photo" : "Resizing…"}
                      </div>
                    )}
                    <div className={classes.photoBody}>
                      <Group gap={6}>
                        {i === 0 ? <Badge size="sm">Cover</Badge> : <Text size="xs">Photo {i + 1}</Text>}
                        {p.kind === "new" ? (
                          <Text size="xs" c="dimmed" className={classes.photoName}>
                            New · {p.name} {p.blob ? `· ${kb(p.size)}` : ""}
                          </Text>
                        ) : null}
                      </Group>
                      <Group gap={4}>
                        <ActionIcon
                          variant="default"
                          size="md"
                          disabled={i === 0}
                          onClick={() => move(p.key, "up")}
                          aria-label={`Move ${label} up`}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          size="md"
                          disabled={i === photos.length - 1}
                          onClick={() => move(p.key, "down")}
                          aria-label={`Move ${label} down`}
                        >
                          ↓
                        </ActionIcon>
                        {i === 0 ? null : (
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => move(p.key, "cover")}
                            aria-label={`Make cover: ${label}`}
                          >
                            Make cover
                          </Button>
                        )}
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => remove(p)}
                          aria-label={`Remove ${label}`}
                        >
                          Remove
                        </Button>
                      </Group>
                    </div>
                  </li>
                );
              })}
            </ol>
          ) : (
            <Text size="sm" c="dimmed" mb={6}>
              No photos yet.
            </Text>
          )}
          {removed.map((path) => (
            <input key={path} type="hidden" name="removeImages" value={path} />
          ))}
          <input
            id="images"
            type="file"
            multiple
            accept="image/*"
            className={classes.fileInput}
            onChange={onChoose}
            aria-label="Add photos"
            aria-invalid={shown ? true : undefined}
          />
        </>
      ) : (
        <>
          <StaticPhotos images={existing} removed={initiallyRemoved} />
          <input
            id="images"
            type="file"
            name="images"
            multiple
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className={classes.fileInput}
            aria-label={existing.length ? "Add new photos" : "Photos"}
            aria-invalid={shown ? true : undefined}
          />
        </>
      )}
    </Input.Wrapper>
  );
}
