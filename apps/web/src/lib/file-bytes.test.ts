import { describe, expect, it } from 'vitest';
import { fileToBase64, readFileBytes, toBase64 } from './file-bytes';

describe('file bytes', () => {
  it('reads a file and encodes it as base64, also beyond one chunk', async () => {
    const file = new File(['PK\u0003\u0004zip'], 'studies.zip');
    expect(Array.from(await readFileBytes(file))).toEqual([80, 75, 3, 4, 122, 105, 112]);
    expect(await fileToBase64(file)).toBe(btoa('PK\u0003\u0004zip'));
    const big = new Uint8Array(0x8000 * 2 + 5).map((_, i) => i % 251);
    expect(atob(toBase64(big)).length).toBe(big.length);
    expect(atob(toBase64(big)).charCodeAt(0x8000 + 1)).toBe((0x8000 + 1) % 251);
  });
});
