import { ZIP_MESSAGES, type ZipEntry } from '@predict/shared';
import { inflateEntry, UploadRefused } from './bounded-inflate';

const isDirectory = (entry: ZipEntry) => entry.name.endsWith('/');

/**
 * Inflates every scanned entry within `budget` bytes in all and writes the parts as a zip without compression:
 * what exceljs is given, so the parser never inflates anything itself and sees exactly the parts that were
 * checked, once each. The output's size is known from the stated sizes (each part must match its own), so it is
 * allocated once and each part is copied in as it is inflated: the peak is the output plus the largest part.
 * `inspect` sees each part first and may throw an UploadRefused.
 */
export function rebuildStoredZip(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  budget: number,
  inspect: (name: string, data: Buffer) => void,
): Buffer {
  const files = entries.filter((e) => !isDirectory(e));
  const unpacked = files.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (unpacked > budget) throw new UploadRefused(ZIP_MESSAGES.bomb);
  const names = files.map((e) => Buffer.from(e.name, 'utf8'));
  const headers = names.reduce((sum, n) => sum + 30 + 46 + 2 * n.length, 0);
  const out = Buffer.alloc(unpacked + headers + 22);
  const offsets: number[] = [];
  let at = 0;
  files.forEach((entry, i) => {
    const data = inflateEntry(bytes, entry);
    inspect(entry.name, data);
    const name = names[i]!;
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    out.writeUInt16LE(20, at + 4);
    // Bit 11: the name is UTF-8.
    out.writeUInt16LE(0x0800, at + 6);
    out.writeUInt32LE(entry.crc32, at + 14);
    out.writeUInt32LE(data.length, at + 18);
    out.writeUInt32LE(data.length, at + 22);
    out.writeUInt16LE(name.length, at + 26);
    name.copy(out, at + 30);
    data.copy(out, at + 30 + name.length);
    at += 30 + name.length + data.length;
  });
  const central = at;
  files.forEach((entry, i) => {
    const name = names[i]!;
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(20, at + 6);
    out.writeUInt16LE(0x0800, at + 8);
    out.writeUInt32LE(entry.crc32, at + 16);
    out.writeUInt32LE(entry.uncompressedSize, at + 20);
    out.writeUInt32LE(entry.uncompressedSize, at + 24);
    out.writeUInt16LE(name.length, at + 28);
    out.writeUInt32LE(offsets[i]!, at + 42);
    name.copy(out, at + 46);
    at += 46 + name.length;
  });
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(files.length, at + 8);
  out.writeUInt16LE(files.length, at + 10);
  out.writeUInt32LE(at - central, at + 12);
  out.writeUInt32LE(central, at + 16);
  return out;
}
