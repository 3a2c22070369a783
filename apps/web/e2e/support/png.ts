// A real PNG made on the spot (no fixture files, no image library), and a tampered copy of a signed
// one: one pixel-data byte flipped with the chunk CRC fixed, so the file still decodes but its
// C2PA data hash no longer matches.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function makePng(width = 160, height = 100): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = y * stride + 1 + x * 3;
      raw[offset] = Math.round((x * 255) / width);
      raw[offset + 1] = Math.round((y * 255) / height);
      raw[offset + 2] = ((x ^ y) * 7) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export function tamperPng(signed: Buffer): Buffer {
  const out = Buffer.from(signed);
  let offset = 8;
  while (offset < out.length) {
    const length = out.readUInt32BE(offset);
    const type = out.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') {
      const target = offset + 8 + Math.floor(length / 2);
      out[target] = (out[target] ?? 0) ^ 0x01;
      out.writeUInt32BE(crc32(out.subarray(offset + 4, offset + 8 + length)), offset + 8 + length);
      return out;
    }
    offset += 12 + length;
  }
  throw new Error('No IDAT chunk to tamper with');
}
