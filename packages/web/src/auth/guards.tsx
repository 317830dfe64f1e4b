/**
 * Route guards of spec §2: every route is private except /login; a signed-out visitor goes to
 * /login remembering where they were headed, and returns there after signing in.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useAllowed } from '../access/useAccess';
import { NoPermission } from '../components/NoPermission';
import { useAuth } from './AuthProvider';

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

function FullPageSpinner() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100vh' }}>
      <CircularProgress />
    </Box>
  );
}

export function PrivateRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (!user) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** /login: a signed-in user is sent on (to where they came from, or the dashboard). */
export function PublicOnlyRoute() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageSpinner />;
  if (user) {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.pathname !== '/login' ? `${from.pathname}${from.search}${from.hash}` : '/';
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** Administration screens: refused for attendants (the server refuses their calls too). */
export function AdminRoute() {
  if (!useAllowed('administration.view')) return <NoPermission />;
  return <Outlet />;
}
