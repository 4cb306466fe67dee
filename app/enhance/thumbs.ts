/**
 * Thumbnail fallback, along the old site's order of YouTube thumbnails: an <img data-fallbacks="url url ..."> that fails to load moves on to
 * the next URL. Without JS a failed thumbnail just shows its reserved, sized box.
 */
function next(img: HTMLImageElement): void {
  let [url, ...rest] = (img.getAttribute("data-fallbacks") || "").split(" ").filter(Boolean);
  if (!url) return;
  // Offline, every other size of the video host fails too, each a request and a console error: go
  // straight to the last fallback, our own image.
  if (!navigator.onLine) [url, rest] = [rest.pop() || url, []];
  img.setAttribute("data-fallbacks", rest.join(" "));
  img.src = url;
}

export function initThumbs(): void {
  // "error" does not bubble: listen in the capture phase, which also covers swapped-in images.
  document.addEventListener(
    "error",
    (e) => e.target instanceof HTMLImageElement && e.target.hasAttribute("data-fallbacks") && next(e.target),
    true,
  );
  // Images that failed before this deferred script ran.
  document.querySelectorAll<HTMLImageElement>("img[data-fallbacks]").forEach((img) => {
    if (img.complete && !img.naturalWidth) next(img);
  });
}
