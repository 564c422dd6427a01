/**
 * Reads a zip's structure twice, from its central directory and by walking its local file headers from offset 0,
 * and refuses a file where the two disagree (issue 12 item 4). Parsers differ in which of the two they trust, so a
 * lie in either (hidden entries, a second [Content_Types].xml, sizes that differ) could smuggle parts past a check
 * made on the other one. Nothing is inflated here: the stated sizes are checked against the limits, and the server
 * inflates with a hard byte budget afterwards. Pure, so the browser refuses the same files the server does.
 */

export interface ZipLimits {
  maxEntries: number;
  /** The sum of the entries' stated unpacked sizes. */
  maxUnpackedBytes: number;
  /** Unpacked / packed size, checked for entries above ratioFloorBytes (small XML parts compress very well). */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** Why a file is refused; callers map each reason to their message. */
export type ZipRefusal =
  | 'empty'
  | 'notZip'
  | 'corrupt'
  | 'mismatch'
  | 'duplicateName'
  | 'encrypted'
  | 'unsupportedMethod'
  | 'tooManyEntries'
  | 'bomb';

export interface ZipEntry {
  /** As stored (UTF-8). */
  name: string;
  /** Lower case, forward slashes, no leading slash: how parsers compare part names. */
  key: string;
  /** 0 stored, 8 deflated: the only two accepted. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's packed bytes start. */
  dataOffset: number;
}

export type ZipScan = { ok: true; entries: ZipEntry[] } | { ok: false; reason: ZipRefusal };

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const END_SIZE = 22;
/** Bit 0 encrypted, bit 6 strong encryption, bit 13 encrypted directory. */
const ENCRYPTED_FLAGS = 0x2041;
const DATA_DESCRIPTOR_FLAG = 0x0008;
/** AES encryption is announced as method 99. */
const AES_METHOD = 99;

class Refused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(reason);
  }
}

export const zipPartKey = (name: string) => name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/** The end-of-central-directory record: the last one whose comment reaches exactly to the end of the file. */
function findEnd(view: DataView): number {
  const last = view.byteLength - END_SIZE;
  for (let at = last; at >= Math.max(0, last - 0xffff); at -= 1) {
    if (view.getUint32(at, true) !== END) continue;
    if (at + END_SIZE + view.getUint16(at + 20, true) === view.byteLength) return at;
  }
  return -1;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

interface CentralEntry extends Omit<ZipEntry, 'dataOffset'> {
  flags: number;
  nameBytes: Uint8Array;
}

function readCentralDirectory(bytes: Uint8Array, view: DataView, end: number, limits: ZipLimits) {
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // Multi-disk archives and ZIP64 markers: a workbook of a few MB never needs them.
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0)
    throw new Refused('corrupt');
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new Refused('corrupt');
  if (view.getUint16(end + 8, true) !== count) throw new Refused('mismatch');
  if (count > limits.maxEntries) throw new Refused('tooManyEntries');
  // Nothing may sit between the directory and its end record (entries beyond the stated count, say).
  if (offset + size !== end) throw new Refused(offset + size > end ? 'corrupt' : 'mismatch');

  const decoder = new TextDecoder();
  const entries: CentralEntry[] = [];
  const keys = new Set<string>();
  let unpacked = 0;
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw new Refused('corrupt');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (nameLength === 0 || next > end || view.getUint16(at + 34, true) !== 0) throw new Refused('corrupt');
    if ((flags & ENCRYPTED_FLAGS) !== 0 || method === AES_METHOD) throw new Refused('encrypted');
    if (method !== 0 && method !== 8) throw new Refused('unsupportedMethod');
    if (method === 0 && compressedSize !== uncompressedSize) throw new Refused('mismatch');
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = decoder.decode(nameBytes);
    const key = zipPartKey(name);
    if (keys.has(key)) throw new Refused('duplicateName');
    keys.add(key);
    unpacked += uncompressedSize;
    if (unpacked > limits.maxUnpackedBytes) throw new Refused('bomb');
    if (
      uncompressedSize > limits.ratioFloorBytes &&
      uncompressedSize / Math.max(compressedSize, 1) > limits.maxRatio
    )
      throw new Refused('bomb');
    const localHeaderOffset = view.getUint32(at + 42, true);
    const crc32 = view.getUint32(at + 16, true);
    entries.push({
      name,
      key,
      method,
      flags,
      crc32,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      nameBytes,
    });
    at = next;
  }
  if (at !== offset + size) throw new Refused('mismatch');
  return { entries, offset };
}

/**
 * Walks the local headers from offset 0: each must be where the next directory entry (by offset) says, with the
 * same name, method, flags and sizes (or, with a data descriptor, a descriptor that matches), and the last one
 * must end where the directory starts. Hidden, overlapping or extra entries all break this chain.
 */
function walkLocalHeaders(bytes: Uint8Array, view: DataView, central: CentralEntry[], directoryAt: number) {
  const byOffset = [...central].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const entries = new Map<CentralEntry, number>();
  let at = 0;
  for (const entry of byOffset) {
    if (entry.localHeaderOffset !== at || at + 30 > directoryAt) throw new Refused('mismatch');
    if (view.getUint32(at, true) !== LOCAL) throw new Refused('mismatch');
    const flags = view.getUint16(at + 6, true);
    const method = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 26, true);
    const dataOffset = at + 30 + nameLength + view.getUint16(at + 28, true);
    if (dataOffset > directoryAt) throw new Refused('mismatch');
    if ((flags & ENCRYPTED_FLAGS) !== 0) throw new Refused('encrypted');
    const described = (entry.flags & DATA_DESCRIPTOR_FLAG) !== 0;
    if (method !== entry.method || (flags & DATA_DESCRIPTOR_FLAG) !== (entry.flags & DATA_DESCRIPTOR_FLAG))
      throw new Refused('mismatch');
    if (!sameBytes(bytes.subarray(at + 30, at + 30 + nameLength), entry.nameBytes))
      throw new Refused('mismatch');
    const stated = [
      view.getUint32(at + 14, true),
      view.getUint32(at + 18, true),
      view.getUint32(at + 22, true),
    ];
    const expected = [entry.crc32, entry.compressedSize, entry.uncompressedSize];
    // With a data descriptor the local header may leave the three at zero; whatever it states must agree.
    const agrees = stated.every((v, i) => v === expected[i] || (described && v === 0));
    if (!agrees) throw new Refused('mismatch');
    at = dataOffset + entry.compressedSize;
    if (described) {
      if (at + 12 <= directoryAt && view.getUint32(at, true) === DESCRIPTOR) at += 4;
      if (at + 12 > directoryAt) throw new Refused('mismatch');
      const descriptor = [
        view.getUint32(at, true),
        view.getUint32(at + 4, true),
        view.getUint32(at + 8, true),
      ];
      if (!descriptor.every((v, i) => v === expected[i])) throw new Refused('mismatch');
      at += 12;
    }
    if (at > directoryAt) throw new Refused('mismatch');
    entries.set(entry, dataOffset);
  }
  if (at !== directoryAt) throw new Refused('mismatch');
  return entries;
}

/** Scans `bytes` (the whole file) and returns its entries in directory order, or why it is refused. */
export function scanZip(bytes: Uint8Array, limits: ZipLimits): ZipScan {
  try {
    if (bytes.byteLength === 0) throw new Refused('empty');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < END_SIZE + 4 || view.getUint32(0, true) !== LOCAL) throw new Refused('notZip');
    const end = findEnd(view);
    if (end < 0) throw new Refused('corrupt');
    const { entries, offset } = readCentralDirectory(bytes, view, end, limits);
    const dataOffsets = walkLocalHeaders(bytes, view, entries, offset);
    return {
      ok: true,
      entries: entries.map((entry) => {
        const { flags: _flags, nameBytes: _nameBytes, ...rest } = entry;
        return { ...rest, dataOffset: dataOffsets.get(entry)! };
      }),
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}
