/**
 * The light video player: a play link `<a href="(the video's page)" data-play-embed="(embed URL)">`
 * wrapping a thumbnail. Without JS it opens the video's page; with JS the embedded player takes the
 * link's place, so no third-party frame loads until the student asks for it.
 */
import { el, modified } from "./util";

export function initPlayer(): void {
  document.addEventListener("click", (e) => {
    const link = el(e)?.closest<HTMLAnchorElement>("a[data-play-embed]");
    const src = link?.getAttribute("data-play-embed");
    if (!link || !src || modified(e)) return;
    e.preventDefault();
    const frame = document.createElement("iframe");
    // The student pressed play: start at once rather than asking for a second tap inside the frame.
    frame.src = `${src}&autoplay=1`;
    frame.title = link.querySelector("img")?.alt || link.getAttribute("aria-label") || "Video";
    frame.allow = "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture";
    frame.allowFullscreen = true;
    frame.className = "video-frame"; // the same reserved 16:9 box: nothing shifts
    link.replaceWith(frame);
    frame.focus();
  });
}
