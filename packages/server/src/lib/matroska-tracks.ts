/**
 * Which kinds of tracks a Matroska/WebM file holds. Content sniffing names every WebM file
 * "video/webm", but browsers record voice (MediaRecorder) and many apps export audio as WebM with
 * only an Opus track: such a file is audio, and must be stored and shown as audio.
 *
 * Reads the EBML structure from the file's first bytes: Segment → Tracks → TrackEntry → TrackType
 * (1 video, 2 audio). The Tracks element comes before the first Cluster in every file a recorder
 * writes, so the head of the file is enough.
 */

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;

interface VarInt {
  value: number;
  length: number;
  /** All value bits set: the element's size is unknown (it runs to the end of its parent). */
  unknown: boolean;
}

function readVarInt(buf: Buffer, at: number, keepMarker: boolean): VarInt | undefined {
  if (at >= buf.length) return undefined;
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buf.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i];
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export interface MatroskaTracks {
  video: boolean;
  audio: boolean;
}

/** The track kinds found in the head of a Matroska/WebM file; undefined when none could be read. */
export function matroskaTracks(head: Buffer): MatroskaTracks | undefined {
  const found: MatroskaTracks = { video: false, audio: false };
  let sawTrack = false;
  const walk = (start: number, end: number): boolean => {
    let at = start;
    while (at < end) {
      const id = readVarInt(head, at, true);
      if (!id) return false;
      const size = readVarInt(head, at + id.length, false);
      if (!size) return false;
      const body = at + id.length + size.length;
      const bodyEnd = size.unknown ? end : Math.min(body + size.value, end);
      if (id.value === CLUSTER) return false;
      if (id.value === SEGMENT || id.value === TRACKS || id.value === TRACK_ENTRY) {
        if (!walk(body, bodyEnd)) return false;
        // The track list is complete once its Tracks element has been read.
        if (id.value === TRACKS) return false;
      } else if (id.value === TRACK_TYPE && size.value >= 1 && body + size.value <= head.length) {
        const type = head.readUIntBE(body, Math.min(size.value, 6));
        sawTrack = true;
        if (type === TRACK_TYPE_VIDEO) found.video = true;
        if (type === TRACK_TYPE_AUDIO) found.audio = true;
      }
      if (size.unknown) return false;
      at = body + size.value;
    }
    return true;
  };
  walk(0, head.length);
  return sawTrack ? found : undefined;
}

/** The head of a file is enough to find its tracks (see above). */
export const MATROSKA_HEAD_BYTES = 64 * 1024;

/**
 * The content type a sniffed type should really be: a WebM/Matroska "video" with audio tracks
 * only is audio.
 */
export function refineSniffedMime(mime: string, head: Buffer): string {
  if (mime !== 'video/webm' && mime !== 'video/x-matroska') return mime;
  const tracks = matroskaTracks(head);
  if (tracks && tracks.audio && !tracks.video) return mime === 'video/webm' ? 'audio/webm' : 'audio/x-matroska';
  return mime;
}
