// A plane-to-plane projective transform (homography) from four point pairs: how a flat sheet's
// millimetres map to the pixels of a photo taken at an angle. Pure arithmetic shared by the reader,
// its crops and the test photo generator.
import type { Point } from "./layout";

/** Row-major 3×3 matrix with h[8] normalised to 1. */
export type Homography = number[];

/** The homography taking each `from[i]` to `to[i]` (four points, no three on a line). */
export function homographyFrom(from: readonly Point[], to: readonly Point[]): Homography {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    if (Math.abs(a[p][c]) < 1e-12) throw new Error("degenerate points");
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      if (f === 0) continue;
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  const h = a.map((row, i) => row[8] / row[i]);
  h.push(1);
  return h;
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

export function invert(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const A = e * j - f * i;
  const B = -(d * j - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  const m = [A, -(b * j - c * i), b * f - c * e, B, a * j - c * g, -(a * f - c * d), C, -(a * i - b * g), a * e - b * d].map((v) => v / det);
  return m.map((v) => v / m[8]);
}

/** Scales the output side: the same transform with its target coordinates multiplied by `s`. */
export function scaleOutput(h: Homography, s: number): Homography {
  return [h[0] * s, h[1] * s, h[2] * s, h[3] * s, h[4] * s, h[5] * s, h[6], h[7], h[8]];
}

/** Bilinear sample of a one-channel image; `outside` beyond its edges. */
export function sampleGrey(data: Uint8Array | Uint8ClampedArray | Float32Array, width: number, height: number, x: number, y: number, outside = 255): number {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return outside;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 < width ? x0 + 1 : x0;
  const y1 = y0 + 1 < height ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const r0 = y0 * width;
  const r1 = y1 * width;
  const top = data[r0 + x0] + (data[r0 + x1] - data[r0 + x0]) * fx;
  const bottom = data[r1 + x0] + (data[r1 + x1] - data[r1 + x0]) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Fills an output image of `outW`×`outH` with `channels` channels: output pixel (x, y) takes the source
 * pixel at `h`(x, y) (h maps output → source), bilinear, `outside` where that falls off the source.
 */
export function warp(
  src: Uint8Array,
  srcW: number,
  srcH: number,
  channels: number,
  h: Homography,
  outW: number,
  outH: number,
  outside: number[] | ((x: number, y: number, c: number) => number),
): Uint8Array {
  const out = new Uint8Array(outW * outH * channels);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const w = h[6] * x + h[7] * y + h[8];
      const sx = (h[0] * x + h[1] * y + h[2]) / w;
      const sy = (h[3] * x + h[4] * y + h[5]) / w;
      const o = (y * outW + x) * channels;
      if (sx < 0 || sy < 0 || sx > srcW - 1 || sy > srcH - 1) {
        for (let c = 0; c < channels; c++) out[o + c] = typeof outside === "function" ? outside(x, y, c) : outside[c];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = x0 + 1 < srcW ? x0 + 1 : x0;
      const y1 = y0 + 1 < srcH ? y0 + 1 : y0;
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < channels; c++) {
        const p00 = src[(y0 * srcW + x0) * channels + c];
        const p01 = src[(y0 * srcW + x1) * channels + c];
        const p10 = src[(y1 * srcW + x0) * channels + c];
        const p11 = src[(y1 * srcW + x1) * channels + c];
        const top = p00 + (p01 - p00) * fx;
        const bottom = p10 + (p11 - p10) * fx;
        out[o + c] = top + (bottom - top) * fy + 0.5;
      }
    }
  }
  return out;
}
