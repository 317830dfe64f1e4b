/** A picked file as the simulator's `media` ({mimetype, filename, data in base64}) and its message type. */
import type { SimulatorMedia, SimulatorType } from '../../api/simulator';

export function messageTypeOf(mimetype: string): SimulatorType {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

export function fileToMedia(file: File): Promise<SimulatorMedia> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.onload = () => {
      // A data URL is "data:<mime>;base64,<data>": keep the data only.
      const dataUrl = typeof reader.result === 'string' ? reader.result : '';
      resolve({
        mimetype: file.type || 'application/octet-stream',
        filename: file.name,
        data: dataUrl.slice(dataUrl.indexOf(',') + 1),
      });
    };
    reader.readAsDataURL(file);
  });
}
