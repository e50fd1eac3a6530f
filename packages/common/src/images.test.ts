import { describe, expect, it } from 'vitest';
import { sniffImageType } from './images.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(Array(12).fill(0)));

describe('sniffImageType', () => {
  it('recognises the accepted formats by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(bytes('GIF89a'))).toBe('gif');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toBe('webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
  });

  it('refuses anything else, whatever its name', () => {
    expect(sniffImageType(bytes('this is not a picture at all'))).toBeNull();
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});
