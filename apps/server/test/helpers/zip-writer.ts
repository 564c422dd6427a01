import { crc32, deflateRawSync } from 'node:zlib';

/** One part of a hand-written zip; the header fields can be made to lie. */
export interface ZipPart {
  name: string;
  /** The real bytes; deflated unless `packed` gives the bytes as written. */
  data?: Buffer;
  /** The packed bytes as written (e.g. a deflate stream of 200 MB of zeros) with `size` the stated size. */
  packed?: Buffer;
  method?: 0 | 8;
  /** Stated sizes and CRC (both headers) instead of the real ones. */
  stated?: { uncompressedSize?: number; compressedSize?: number; crc32?: number };
  /** Stated in the central directory only (the local header states the real or `stated` values). */
  centralStated?: { uncompressedSize?: number; compressedSize?: number; crc32?: number };
  /** Sizes and CRC in a data descriptor after the data (flag bit 3, zeros in the local header). */
  descriptor?: true | { uncompressedSize?: number; compressedSize?: number; crc32?: number };
  /** Left out of the central directory (only a local header), or out of the local headers (only listed). */
  only?: 'local' | 'central';
  flags?: number;
}

/**
 * A small zip writer for hostile test files: local headers in order, then the central directory and its end
 * record. `count` overrides the entry count the end record states.
 */
export function writeZip(parts: readonly ZipPart[], options: { count?: number } = {}): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let at = 0;
  for (const part of parts) {
    const method = part.method ?? 8;
    const data = part.data ?? Buffer.alloc(0);
    const packed = part.packed ?? (method === 8 ? deflateRawSync(data) : data);
    const crc = part.stated?.crc32 ?? crc32(data);
    const csize = part.stated?.compressedSize ?? packed.length;
    const usize = part.stated?.uncompressedSize ?? data.length;
    const name = Buffer.from(part.name, 'utf8');
    const flags = (part.flags ?? 0x0800) | (part.descriptor ? 0x0008 : 0);
    const described = part.descriptor === true ? {} : part.descriptor;
    const offset = at;
    if (part.only !== 'central') {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      if (!described) {
        local.writeUInt32LE(crc, 14);
        local.writeUInt32LE(csize, 18);
        local.writeUInt32LE(usize, 22);
      }
      local.writeUInt16LE(name.length, 26);
      chunks.push(local, name, packed);
      at += 30 + name.length + packed.length;
      if (described) {
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(described.crc32 ?? crc, 4);
        d.writeUInt32LE(described.compressedSize ?? csize, 8);
        d.writeUInt32LE(described.uncompressedSize ?? usize, 12);
        chunks.push(d);
        at += 16;
      }
    }
    if (part.only !== 'local') {
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(flags, 8);
      entry.writeUInt16LE(method, 10);
      entry.writeUInt32LE(part.centralStated?.crc32 ?? crc, 16);
      entry.writeUInt32LE(part.centralStated?.compressedSize ?? csize, 20);
      entry.writeUInt32LE(part.centralStated?.uncompressedSize ?? usize, 24);
      entry.writeUInt16LE(name.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(entry, name);
    }
  }
  const directory = Buffer.concat(central);
  const listed = central.length / 2;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.count ?? listed, 8);
  end.writeUInt16LE(options.count ?? listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** The parts of a real zip (e.g. an exported plan), to rewrite with writeZip. */
export async function zipParts(file: Buffer): Promise<ZipPart[]> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(file);
  const files = Object.values(zip.files).filter((f) => !f.dir);
  return Promise.all(files.map(async (f) => ({ name: f.name, data: await f.async('nodebuffer') })));
}
