/** A chosen file's bytes (FileReader: works in every browser and in jsdom, unlike Blob.arrayBuffer there). */
export const readFileBytes = (file: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });

/** Bytes as base64, for the JSON body of an upload (chunked: large arguments overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A chosen file as base64: the `fileBase64` of the upload routes. */
export const fileToBase64 = async (file: Blob) => toBase64(await readFileBytes(file));
