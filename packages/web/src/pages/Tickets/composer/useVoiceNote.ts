/**
 * The composer's voice note: recording starts from the microphone button (a refused microphone is
 * told, not thrown), and finishing sends it unless it is too short to keep (spec §4, §5).
 */
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/Toasts';
import { useAudioRecorder } from './useAudioRecorder';

export function useVoiceNote(send: (file: File) => Promise<void>) {
  const { t } = useTranslation();
  const toast = useToast();
  const recorder = useAudioRecorder();

  const start = async () => {
    try {
      await recorder.start();
    } catch {
      toast.info(t('tickets.composer.micError'));
    }
  };

  const finish = async () => {
    const result = await recorder.finish();
    if (result.kind === 'tooShort') toast.info(t('tickets.composer.tooShort'));
    else await send(result.file);
  };

  return { recording: recorder.recording, seconds: recorder.seconds, start, finish, cancel: recorder.cancel };
}
