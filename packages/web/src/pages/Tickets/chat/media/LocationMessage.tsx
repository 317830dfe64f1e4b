/** A location ("lat,lng" plus an optional description) with a link to a map. */
import PlaceIcon from '@mui/icons-material/Place';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function parseLocation(body: string): { lat: number; lng: number; rest: string } | null {
  const m = /(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)/.exec(body);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, rest: (body.slice(0, m.index) + body.slice(m.index + m[0].length)).trim() };
}

export function LocationMessage({ body }: { body: string }) {
  const { t } = useTranslation();
  const place = parseLocation(body);
  if (!place) return <Typography variant="body2">{body || t('tickets.chat.location')}</Typography>;
  const href = `https://www.google.com/maps/search/?api=1&query=${place.lat},${place.lng}`;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
      data-testid="message-location"
    >
      <PlaceIcon fontSize="small" />
      <span>{place.rest || t('tickets.chat.openMap')}</span>
    </Link>
  );
}
