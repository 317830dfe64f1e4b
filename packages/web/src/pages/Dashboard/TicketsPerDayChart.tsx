/**
 * Tickets per day as a bar chart, drawn as plain SVG: a handful of rectangles does not justify a
 * charting library in this chunk.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const WIDTH = 800;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 36 };

/** "2025-03-12" → "12/03" (spec §9 dates are dd/MM/yyyy). */
const shortDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const longDay = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

export function TicketsPerDayChart({ data }: { data: { date: string; count: number }[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const max = Math.max(1, ...data.map((d) => d.count));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = data.length ? innerW / data.length : innerW;
  const barW = Math.max(1, Math.min(40, slot * 0.7));
  // Roughly eight labels along the axis, whatever the range.
  const labelEvery = Math.max(1, Math.ceil(data.length / 8));
  const total = data.reduce((n, d) => n + d.count, 0);

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="tickets-per-day-chart" data-total={total}>
      <Typography variant="subtitle1" color="primary" gutterBottom>
        {t('dashboard.chartTitle')}
      </Typography>
      {total === 0 ? (
        <Typography color="text.secondary">{t('dashboard.chartEmpty')}</Typography>
      ) : (
        <Box
          component="svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={t('dashboard.chartTitle')}
          sx={{ width: '100%', height: 'auto', display: 'block' }}
        >
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke={theme.palette.divider} />
          <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
            {max}
          </text>
          <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
            0
          </text>
          {data.map((d, i) => {
            const h = (d.count / max) * innerH;
            const x = PAD.left + i * slot + (slot - barW) / 2;
            return (
              <g key={d.date} data-testid={`chart-day-${d.date}`} data-count={d.count}>
                <title>{`${longDay(d.date)}: ${d.count}`}</title>
                <rect x={x} y={PAD.top + innerH - h} width={barW} height={h} rx={2} fill={theme.palette.primary.main} />
                {i % labelEvery === 0 && (
                  <text x={x + barW / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                    {shortDay(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
