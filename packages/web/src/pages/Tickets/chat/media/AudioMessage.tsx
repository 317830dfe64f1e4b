/** A voice note / audio file with a speed button cycling 0.5, 1, 1.5, 2 (spec §2, §9), remembered. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AUDIO_PLAYBACK_RATES, type MessageDTO } from '@switchboard/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredState } from '../../../../components/useStoredState';
import { MediaFallback } from './MediaFallback';
import { useMediaSrc } from './useObjectUrl';

export const AUDIO_RATE_KEY = 'audioMessageRate';

export function nextRate(rate: number): number {
  const i = AUDIO_PLAYBACK_RATES.indexOf(rate as (typeof AUDIO_PLAYBACK_RATES)[number]);
  return AUDIO_PLAYBACK_RATES[(i + 1) % AUDIO_PLAYBACK_RATES.length];
}

export function AudioMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const { url, error, onError } = useMediaSrc(message);
  const [rate, setRate] = useStoredState<number>(AUDIO_RATE_KEY, 1);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, url]);
  if (!url) return <MediaFallback error={error} />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <audio ref={audio} src={url} onError={onError} controls preload="metadata" data-testid="message-audio" style={{ maxWidth: 260 }} />
      <Button
        size="small"
        variant="outlined"
        sx={{ minWidth: 48, borderRadius: 4 }}
        title={t('tickets.chat.speed')}
        onClick={() => setRate(nextRate(rate))}
        data-testid="audio-speed"
      >
        {rate}x
      </Button>
    </Box>
  );
}
