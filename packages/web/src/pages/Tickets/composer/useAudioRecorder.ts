/**
 * Audio recording (spec §4): idle → recording (with a timer) → send or cancel. 128 kbit/s; a
 * recording under 10,000 bytes is discarded (spec §5). The browser's own format is sent as is (WebM
 * in Chromium, which looks like a video to anyone sniffing it), marked as a voice note: the server
 * converts it to Ogg/Opus.
 */
import { AUDIO_BITRATE_KBPS, AUDIO_MIN_BYTES } from '@switchboard/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

const MIME_CANDIDATES = ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

function pickMime(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || !MediaRecorder.isTypeSupported) return undefined;
  return MIME_CANDIDATES.find((m) => MediaRecorder.isTypeSupported(m));
}

export type RecordingResult = { kind: 'ok'; file: File } | { kind: 'tooShort' };

export function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
    setRecording(false);
    setSeconds(0);
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickMime();
    const r = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: AUDIO_BITRATE_KBPS * 1000 });
    chunks.current = [];
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    r.start(250);
    recorder.current = r;
    setRecording(true);
    setSeconds(0);
    const startedAt = Date.now();
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 500);
  }, []);

  /** Stops and returns the recording, or tells it was too short to send. */
  const finish = useCallback(
    () =>
      new Promise<RecordingResult>((resolve) => {
        const r = recorder.current;
        if (!r) return resolve({ kind: 'tooShort' });
        r.onstop = () => {
          const type = (r.mimeType || 'audio/webm').split(';')[0];
          const blob = new Blob(chunks.current, { type });
          release();
          if (blob.size < AUDIO_MIN_BYTES) return resolve({ kind: 'tooShort' });
          const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
          resolve({ kind: 'ok', file: new File([blob], `audio-${Date.now()}.${ext}`, { type }) });
        };
        r.stop();
      }),
    [release],
  );

  const cancel = useCallback(() => {
    const r = recorder.current;
    if (r && r.state !== 'inactive') {
      r.onstop = null;
      r.stop();
    }
    release();
  }, [release]);

  return { recording, seconds, start, finish, cancel };
}

export function formatTimer(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
