import { describe, expect, it } from "vitest";
import { parseVideoLink } from "./video";

describe("video links: allow-listed hosts, privacy-friendly embeds", () => {
  it.each([
    [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "youtube",
      "video",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "https://youtu.be/dQw4w9WgXcQ",
      "youtube",
      "video",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "youtube",
      "video",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
      "youtube",
      "playlist",
      "https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
    ],
    ["https://vimeo.com/76979871", "vimeo", "video", "https://player.vimeo.com/video/76979871?dnt=1"],
    [
      "https://player.vimeo.com/video/76979871",
      "vimeo",
      "video",
      "https://player.vimeo.com/video/76979871?dnt=1",
    ],
    [
      "https://vimeo.com/showcase/1234567",
      "vimeo",
      "playlist",
      "https://vimeo.com/showcase/1234567/embed?dnt=1",
    ],
    [
      "https://www.dailymotion.com/video/x7tgad0",
      "dailymotion",
      "video",
      "https://www.dailymotion.com/embed/video/x7tgad0",
    ],
    ["https://dai.ly/x7tgad0", "dailymotion", "video", "https://www.dailymotion.com/embed/video/x7tgad0"],
    [
      "https://www.dailymotion.com/playlist/x6hynp",
      "dailymotion",
      "playlist",
      "https://www.dailymotion.com/embed/playlist/x6hynp",
    ],
  ])("%s", (url, provider, kind, embedUrl) => {
    expect(parseVideoLink(url)).toMatchObject({ provider, kind, embedUrl });
  });

  it.each([
    "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E",
    "https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/channels/staffpicks",
    "javascript:alert(1)",
    "not a url",
    `https://youtu.be/${"a".repeat(600)}`,
  ])("refuses %s", (url) => {
    expect(parseVideoLink(url)).toBeNull();
  });
});
