import { childElements, elementHeader, floatValue, unsignedValue, vint } from './ebml-elements.ts';
import type { FileWindow } from './file-window.ts';
import { allowedOverheadBytes, MAX_STRUCTURE_COUNT, malformed, runsPast, type VideoFacts } from './video-facts.ts';

/** Element ids of the Matroska specification (RFC 9559) that WebM uses and this reader needs. */
const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  defaultDuration: 0x23e383,
  cluster: 0x1f43b675,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
};

/** The elements a segment holds; one of them ends a cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  ID.info,
  ID.tracks,
  ID.cluster,
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1043a770, // Chapters
  0x1941a469, // Attachments
  ID.ebml,
]);

const VIDEO_TRACK_TYPE = 1;

interface Track {
  isVideo: boolean;
  /** The track's DefaultDuration; 0 when it has none. */
  frameNanoseconds: number;
}

interface BlockHead {
  track: Track;
  startTick: number;
  frames: number;
}

interface Element {
  id: number;
  dataStart: number;
  /** Undefined for an element of unknown size. */
  end: number | undefined;
}

/**
 * Reads a WebM by its structure: the EBML header and one segment must take the file, each element must end
 * within its parent, and the video's length comes from its blocks' timestamps (cluster timestamp + block
 * timecode + block duration), not from the duration the segment info declares. Every element header is read;
 * block data is not looked at.
 */
export async function webmFacts(window: FileWindow): Promise<VideoFacts> {
  return new WebmReader(window).read();
}

class WebmReader {
  private readonly window: FileWindow;
  private segmentEnd = 0;
  /** Nanoseconds a timestamp tick lasts. */
  private scale = 1_000_000;
  private declaredTicks = 0;
  private readonly tracks = new Map<number, Track>();
  private earliestTick = 0;
  private latestTick = 0;
  private mediaBytes = 0;
  private elements = 0;

  constructor(window: FileWindow) {
    this.window = window;
  }

  async read(): Promise<VideoFacts> {
    const header = await this.next(0, this.window.size);
    if (header.id !== ID.ebml || header.end === undefined) malformed();
    const segment = await this.next(header.end, this.window.size);
    if (segment.id !== ID.segment) malformed();
    // What follows a segment of known size is not played: it counts as overhead.
    this.segmentEnd = segment.end ?? this.window.size;
    await this.readSegment(segment.dataStart);
    const seconds = this.secondsOf(this.latestTick - this.earliestTick);
    return {
      seconds,
      mediaBytes: this.mediaBytes,
      fileBytes: this.window.size,
      hasVideoTrack: [...this.tracks.values()].some((track) => track.isVideo),
      runsPastDeclaredDuration: runsPast(seconds, this.secondsOf(this.declaredTicks)),
    };
  }

  private secondsOf(ticks: number) {
    return (ticks * this.scale) / 1e9;
  }

  private async readSegment(position: number) {
    while (position < this.segmentEnd) {
      const element = await this.next(position, this.segmentEnd);
      if (element.id === ID.cluster) {
        position = await this.readCluster(element);
        continue;
      }
      if (element.id === ID.info) this.readInfo(await this.dataOf(element));
      if (element.id === ID.tracks) this.readTracks(await this.dataOf(element));
      position = element.end ?? malformed();
    }
  }

  private readInfo(data: Buffer) {
    for (const child of childElements(data)) {
      if (child.id === ID.timestampScale) this.scale = unsignedValue(child.data) || malformed();
      if (child.id === ID.duration) this.declaredTicks = Math.max(0, floatValue(child.data)) || 0;
    }
  }

  private readTracks(data: Buffer) {
    for (const entry of childElements(data).filter((child) => child.id === ID.trackEntry)) {
      const fields = new Map(childElements(entry.data).map((child) => [child.id, child.data]));
      const number = unsignedValue(fields.get(ID.trackNumber) ?? malformed());
      this.tracks.set(number, {
        isVideo: unsignedValue(fields.get(ID.trackType) ?? malformed()) === VIDEO_TRACK_TYPE,
        frameNanoseconds: unsignedValue(fields.get(ID.defaultDuration) ?? Buffer.alloc(0)),
      });
    }
  }

  /** Reads a cluster's blocks; answers where the next segment element starts. */
  private async readCluster(cluster: Element) {
    const end = cluster.end ?? this.segmentEnd;
    let clusterTick: number | undefined;
    for (let position = cluster.dataStart; position < end; ) {
      const child = await this.next(position, end);
      // A cluster of unknown size ends where the next segment element starts.
      if (cluster.end === undefined && SEGMENT_CHILDREN.has(child.id)) return position;
      if (child.id === ID.timestamp) clusterTick = unsignedValue(await this.dataOf(child));
      if (child.id === ID.simpleBlock) this.place(await this.blockHead(child, clusterTick));
      if (child.id === ID.blockGroup) await this.readBlockGroup(child, clusterTick);
      position = child.end ?? malformed();
    }
    return end;
  }

  private async readBlockGroup(group: Element, clusterTick: number | undefined) {
    const end = group.end ?? malformed();
    let block: BlockHead | undefined;
    let durationTicks: number | undefined;
    for (let position = group.dataStart; position < end; ) {
      const child = await this.next(position, end);
      if (child.id === ID.block) block = await this.blockHead(child, clusterTick);
      if (child.id === ID.blockDuration) durationTicks = unsignedValue(await this.dataOf(child));
      position = child.end ?? malformed();
    }
    if (block) this.place(block, durationTicks);
  }

  /** A block's header: its track, its timecode relative to the cluster and its lacing (several frames in one block). */
  private async blockHead(block: Element, clusterTick: number | undefined): Promise<BlockHead> {
    const end = block.end ?? malformed();
    if (clusterTick === undefined) malformed();
    const head = await this.window.bytes(block.dataStart, Math.min(16, end - block.dataStart));
    const trackNumber = vint(head, 0);
    const track = this.tracks.get(trackNumber.value ?? malformed()) ?? malformed();
    const laced = (head.readUInt8(trackNumber.length + 2) & 0x06) !== 0;
    this.mediaBytes += end - block.dataStart - (trackNumber.length + 3);
    return {
      track,
      startTick: clusterTick + head.readInt16BE(trackNumber.length),
      frames: laced ? head.readUInt8(trackNumber.length + 3) + 1 : 1,
    };
  }

  /** Puts a block on the timeline: it lasts its group's BlockDuration, or its frames times the track's frame duration. */
  private place(block: BlockHead, durationTicks?: number) {
    const ticks = durationTicks ?? (block.track.frameNanoseconds * block.frames) / this.scale;
    this.earliestTick = Math.min(this.earliestTick, block.startTick);
    this.latestTick = Math.max(this.latestTick, block.startTick + ticks);
  }

  /**
   * The element at `position`, which must end by `limit`. The bytes before it that were not media may not exceed
   * the allowed overhead, and the elements their number: a file of tiny elements is refused early.
   */
  private async next(position: number, limit: number): Promise<Element> {
    this.elements += 1;
    if (this.elements > MAX_STRUCTURE_COUNT) malformed();
    if (position - this.mediaBytes > allowedOverheadBytes(this.window.size)) malformed();
    const header = elementHeader(await this.window.bytes(position, 12));
    const dataStart = position + header.headerSize;
    const end = header.size === undefined ? undefined : dataStart + header.size;
    if (dataStart > limit || (end !== undefined && end > limit)) malformed();
    return { id: header.id, dataStart, end };
  }

  /** An element's data, read whole: only small ones (info, tracks, a timestamp) are. */
  private async dataOf(element: Element) {
    const end = element.end ?? malformed();
    if (end - element.dataStart > allowedOverheadBytes(this.window.size)) malformed();
    return this.window.bytes(element.dataStart, end - element.dataStart);
  }
}
