import type { Offer } from "@alloggio/domain/contract/offers/view";
import { Play } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Video = NonNullable<Offer["video"]>;

/** Host names as people know them. */
const PROVIDER_NAMES: Record<Video["provider"], string> = {
  youtube: "YouTube",
  vimeo: "Vimeo",
  dailymotion: "Dailymotion",
};

/**
 * The hotel's video or playlist, privacy-friendly (ADR 0034/0036): a placeholder that names the host, and nothing
 * loaded from it until the guest presses play; then the host's player in a frame (its privacy-friendly address).
 * The frame sends only our origin as referrer (the host's player wants one; the offer's path stays ours).
 */
export function OfferVideo({ video }: { video: Video }) {
  const { t } = useTranslation("offers");
  const [playing, setPlaying] = useState(false);
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const provider = PROVIDER_NAMES[video.provider];
  const title = video.kind === "playlist" ? t("video.playlistTitle") : t("video.videoTitle");
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  return (
    <article className="card offer-video" aria-labelledby={titleId}>
      <h3 id={titleId} className="offer-video__title">
        {title}
      </h3>
      {playing ? (
        <div className="offer-video__frame">
          <iframe
            ref={frame}
            src={video.embedUrl}
            title={t("video.frameTitle", { title, provider })}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            referrerPolicy="strict-origin"
          />
        </div>
      ) : (
        <div className="offer-video__placeholder">
          <p className="offer-video__provider">{provider}</p>
          <button type="button" className="button offer-video__play" onClick={() => setPlaying(true)}>
            <Play aria-hidden="true" focusable="false" size={18} />
            {video.kind === "playlist"
              ? t("video.playPlaylist", { provider })
              : t("video.play", { provider })}
          </button>
          <p className="muted offer-video__note">{t("video.privacy", { provider })}</p>
        </div>
      )}
    </article>
  );
}
