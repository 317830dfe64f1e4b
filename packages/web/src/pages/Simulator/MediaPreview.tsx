/**
 * Media behind the API needs the bearer token, so it is fetched as a blob (spec §7) and shown through
 * an object URL, released when the message leaves the screen.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMediaBlob } from '../../api/mediaBlob';

export function MediaPreview({ url, mime, name }: { url: string; mime: string; name: string }) {
  const { t } = useTranslation();
  // A message's media never changes: fetch it once per URL.
  const blob = useQuery({ queryKey: ['media', url], queryFn: ({ signal }) => fetchMediaBlob(url, signal), staleTime: Infinity });
  const objectUrl = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);

  if (blob.isLoading) return <CircularProgress size={20} />;
  if (!objectUrl) return null;
  const type = mime || blob.data?.type || '';
  if (type.startsWith('image/'))
    return <img src={objectUrl} alt={name} style={{ maxWidth: '100%', maxHeight: 240, display: 'block', borderRadius: 4 }} />;
  if (type.startsWith('audio/')) return <audio src={objectUrl} controls style={{ maxWidth: '100%' }} />;
  if (type.startsWith('video/')) return <video src={objectUrl} controls style={{ maxWidth: '100%', maxHeight: 240 }} />;
  return (
    <Link href={objectUrl} download={name || undefined} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <AttachFileIcon sx={{ fontSize: 18 }} />
      {name || t('simulator.types.media')}
    </Link>
  );
}
