import { ChevronLeft, ChevronRight, ImageOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A room's photos, one at a time in a fixed 4:3 box (nothing shifts while they load). A photo that fails to load
 * becomes a neutral box with the same text alternative.
 */
export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useTranslation("rooms");
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  const alt = t("gallery.photo", { room: name, index: index + 1, total });

  return (
    <div className="gallery">
      <div className="gallery__frame">
        {current && !failed.has(current) ? (
          <img
            key={current}
            className="gallery__image"
            src={current}
            alt={alt}
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            onError={() => setFailed((f) => new Set(f).add(current))}
          />
        ) : (
          <div
            className="gallery__placeholder"
            role="img"
            aria-label={current ? alt : t("gallery.none", { room: name })}
          >
            <ImageOff aria-hidden="true" focusable="false" size={32} />
          </div>
        )}
      </div>
      {total > 1 ? (
        <div className="gallery__controls">
          <button
            type="button"
            className="gallery__button"
            aria-label={t("gallery.previous", { room: name })}
            onClick={() => setIndex((i) => (i - 1 + total) % total)}
          >
            <ChevronLeft aria-hidden="true" focusable="false" size={22} />
          </button>
          <span className="gallery__position" aria-hidden="true">
            {index + 1} / {total}
          </span>
          <button
            type="button"
            className="gallery__button"
            aria-label={t("gallery.next", { room: name })}
            onClick={() => setIndex((i) => (i + 1) % total)}
          >
            <ChevronRight aria-hidden="true" focusable="false" size={22} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
