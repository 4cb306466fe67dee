// Small PNG files made in the spec (no image files in the repository): a band of one colour, any size,
// with a tag after the image's end so each run uploads bytes of its own (a distinct hash, a new row).
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A width×height RGB PNG of one colour (0-255 grey level), `tag` appended after its end. */
export function png(width: number, height: number, tag: string, grey = 0x55): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, grey)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
    Buffer.from(tag),
  ]);
}
