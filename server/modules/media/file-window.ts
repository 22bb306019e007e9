import type { FileHandle } from 'node:fs/promises';

/**
 * Reads a file at any position in bounded pieces. The last piece read is kept, so headers close together cost
 * one read, while the media between headers far apart is never read at all.
 */
export class FileWindow {
  readonly size: number;
  private readonly file: FileHandle;
  /** How much one read brings in: the headers of neighbouring boxes or elements then cost a single read. */
  private readonly windowBytes: number;
  private window = Buffer.alloc(0);
  private windowStart = 0;

  constructor(file: FileHandle, size: number, windowBytes: number) {
    this.file = file;
    this.size = size;
    this.windowBytes = windowBytes;
  }

  /** Up to `length` bytes from `position` (fewer where the file ends first). */
  async bytes(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size);
    const windowEnd = this.windowStart + this.window.length;
    if (position >= this.windowStart && end <= windowEnd) {
      return this.window.subarray(position - this.windowStart, end - this.windowStart);
    }
    if (end - position > this.windowBytes) return this.read(position, end - position);
    this.window = await this.read(position, Math.min(this.windowBytes, this.size - position));
    this.windowStart = position;
    return this.window.subarray(0, end - position);
  }

  private async read(position: number, length: number) {
    const buffer = Buffer.allocUnsafe(Math.max(0, length));
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await this.file.read(buffer, filled, buffer.length - filled, position + filled);
      if (bytesRead === 0) throw new Error('the file ended before its measured size');
      filled += bytesRead;
    }
    return buffer;
  }
}
