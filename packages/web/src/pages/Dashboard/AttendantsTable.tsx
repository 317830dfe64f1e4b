import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardAttendant } from '../../api/dashboard';
import { formatDuration } from './formatDuration';

/** Spec §2 Atendentes: name, 10-star read-only rating, rating count, average time, tickets, online. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation();
  if (attendants.length === 0) return <Typography color="text.secondary">{t('dashboard.noAttendants')}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="dashboard-attendants">
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.name')}</TableCell>
            <TableCell>{t('dashboard.rating')}</TableCell>
            <TableCell align="right">{t('dashboard.countRating')}</TableCell>
            <TableCell align="right">{t('dashboard.avgSupportTime')}</TableCell>
            <TableCell align="right">{t('dashboard.tickets')}</TableCell>
            <TableCell align="center">{t('dashboard.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attendants.map((a) => (
            <TableRow key={a.id} data-testid={`dashboard-attendant-${a.id}`}>
              <TableCell>{a.name}</TableCell>
              <TableCell>
                <Rating value={a.rating ?? 0} max={10} precision={0.5} readOnly size="small" data-rating={a.rating ?? ''} />
              </TableCell>
              <TableCell align="right" data-testid="attendant-count-rating">
                {a.countRating}
              </TableCell>
              <TableCell align="right" data-testid="attendant-avg-time">
                {formatDuration(a.avgSupportTime)}
              </TableCell>
              <TableCell align="right" data-testid="attendant-tickets">
                {a.tickets}
              </TableCell>
              <TableCell align="center">
                <Box
                  component="span"
                  role="img"
                  aria-label={a.online ? t('dashboard.online') : t('dashboard.offline')}
                  title={a.online ? t('dashboard.online') : t('dashboard.offline')}
                  data-testid="attendant-online"
                  data-online={a.online}
                  sx={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: a.online ? 'success.main' : 'grey.400',
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
