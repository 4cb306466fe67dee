// The HTML that puts a library image into staff content. Width and height are the picture's own, so
// the page keeps its place before the image arrives (no layout shift); the site's CSS scales it down
// to the column (max-width: 100%, height: auto), so a wide picture never overflows a phone.
export type SnippetImage = { url: string; width: number | null; height: number | null };

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function imageSnippet({ url, width, height }: SnippetImage, alt = ""): string {
  const size = width && height ? ` width="${width}" height="${height}"` : "";
  return `<img src="${attr(url)}" alt="${attr(alt)}"${size}>`;
}

/** The name of the file input, beside an HTML field, whose image is added at the end of the field on save. */
export const appendImageField = (field: string) => `${field}.image.file`;
