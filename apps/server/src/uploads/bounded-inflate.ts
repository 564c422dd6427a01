import { crc32, inflateRawSync } from 'node:zlib';
import { ZIP_MESSAGES, type ZipEntry } from '@predict/shared';

/** A refusal found while unpacking: answered as a 400 with its message. */
export class UploadRefused extends Error {}

/**
 * Inflates one scanned entry, at most to its stated size (zlib stops there: maxOutputLength), so a part that
 * claims 1 kB and holds 200 MB costs 1 kB. A part whose inflated size or CRC differs from the zip's is refused.
 */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const packed = Buffer.from(bytes.buffer, bytes.byteOffset + entry.dataOffset, entry.compressedSize);
  let data: Buffer;
  try {
    data =
      entry.method === 0
        ? packed
        : inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UploadRefused(code === 'ERR_BUFFER_TOO_LARGE' ? ZIP_MESSAGES.mismatch : ZIP_MESSAGES.corrupt);
  }
  if (data.length !== entry.uncompressedSize || crc32(data) !== entry.crc32)
    throw new UploadRefused(ZIP_MESSAGES.mismatch);
  return data;
}
