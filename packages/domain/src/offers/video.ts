/**
 * An offer's video and playlist (ADR 0034): links to well-known video hosts only — YouTube, Vimeo,
 * Dailymotion — over https. Each link is reduced to its host's id and rebuilt as a privacy-friendly embed address
 * (YouTube's no-cookie domain, Vimeo's do-not-track flag); the offer page loads nothing from the host before the
 * guest clicks (the web part honours it). Any other host, a non-https link or an id of the wrong shape is refused.
 */
export const VIDEO_PROVIDERS = ["youtube", "vimeo", "dailymotion"] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export type VideoLink = {
  provider: VideoProvider;
  kind: "video" | "playlist";
  /** The host's own id of the video or playlist. */
  id: string;
  /** The link as the hotel gave it (normalised by URL parsing). */
  url: string;
  /** Where the player loads from once the guest clicks (no cookies or tracking where the host allows it). */
  embedUrl: string;
};

/** The hosts accepted, with or without `www.` / `m.` in front. */
export const VIDEO_HOSTS = [
  "youtube.com",
  "youtu.be",
  "youtube-nocookie.com",
  "vimeo.com",
  "player.vimeo.com",
  "dailymotion.com",
  "dai.ly",
] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_LIST = /^[A-Za-z0-9_-]{10,64}$/;
const NUMERIC_ID = /^\d{1,12}$/;
const DAILYMOTION_ID = /^[a-zA-Z0-9]{5,12}$/;

export const MAX_VIDEO_URL_LENGTH = 500;

function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^(www\.|m\.)/, "");
}

function youtube(url: URL, host: string): Omit<VideoLink, "url"> | null {
  const parts = url.pathname.split("/").filter(Boolean);
  const list = url.searchParams.get("list");
  let id: string | undefined;
  if (host === "youtu.be") id = parts[0];
  else if (parts[0] === "watch") id = url.searchParams.get("v") ?? undefined;
  else if (
    (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live") &&
    parts[1] !== "videoseries"
  )
    id = parts[1];
  else if (parts[0] === "playlist" || (parts[0] === "embed" && parts[1] === "videoseries")) {
    if (!list || !YOUTUBE_LIST.test(list)) return null;
    return {
      provider: "youtube",
      kind: "playlist",
      id: list,
      embedUrl: `https://www.youtube-nocookie.com/embed/videoseries?list=${list}`,
    };
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: "youtube", kind: "video", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(url: URL, host: string): Omit<VideoLink, "url"> | null {
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "player.vimeo.com") {
    const id = parts[0] === "video" ? parts[1] : undefined;
    if (!id || !NUMERIC_ID.test(id)) return null;
    return { provider: "vimeo", kind: "video", id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
  }
  if ((parts[0] === "showcase" || parts[0] === "album") && parts[1] && NUMERIC_ID.test(parts[1]))
    return {
      provider: "vimeo",
      kind: "playlist",
      id: parts[1],
      embedUrl: `https://vimeo.com/showcase/${parts[1]}/embed?dnt=1`,
    };
  const id = parts.length === 1 ? parts[0] : parts[0] === "video" ? parts[1] : undefined;
  if (!id || !NUMERIC_ID.test(id)) return null;
  return { provider: "vimeo", kind: "video", id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
}

function dailymotion(url: URL, host: string): Omit<VideoLink, "url"> | null {
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "dai.ly") {
    const id = parts[0];
    if (!id || !DAILYMOTION_ID.test(id)) return null;
    return {
      provider: "dailymotion",
      kind: "video",
      id,
      embedUrl: `https://www.dailymotion.com/embed/video/${id}`,
    };
  }
  const offset = parts[0] === "embed" ? 1 : 0;
  const kind = parts[offset];
  const id = parts[offset + 1]?.split("_")[0];
  if (!id || !DAILYMOTION_ID.test(id)) return null;
  if (kind === "video")
    return {
      provider: "dailymotion",
      kind: "video",
      id,
      embedUrl: `https://www.dailymotion.com/embed/video/${id}`,
    };
  if (kind === "playlist")
    return {
      provider: "dailymotion",
      kind: "playlist",
      id,
      embedUrl: `https://www.dailymotion.com/embed/playlist/${id}`,
    };
  return null;
}

/** The video or playlist a link names, or null when it is not an https link to an allowed host in a known shape. */
export function parseVideoLink(raw: string): VideoLink | null {
  if (raw.length > MAX_VIDEO_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || (url.port && url.port !== "443"))
    return null;
  const host = bareHost(url.hostname);
  let found: Omit<VideoLink, "url"> | null = null;
  if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com")
    found = youtube(url, host);
  else if (host === "vimeo.com" || host === "player.vimeo.com") found = vimeo(url, host);
  else if (host === "dailymotion.com" || host === "dai.ly") found = dailymotion(url, host);
  return found ? { ...found, url: url.toString() } : null;
}
